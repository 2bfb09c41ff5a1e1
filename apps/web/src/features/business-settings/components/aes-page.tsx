import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import type { Aes4Biz } from '@signet/contracts/business-branding';
import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { FormFooter, QueryContent } from './query-content.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useAes4Biz, useUpdateAes4Biz } from '../api/aes4biz.ts';
import { SettingSwitch } from './setting-switch.tsx';

const ns = 'business-settings';

/**
 * /business/profile/aes-for-business (spec §3 aes4biz): who represents the business for advanced
 * signatures in its name, its commercial register entry, and its verified domains.
 */
export function AesForBusinessPage() {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage
      title={t('aes.title')}
      subtitle={t('aes.subtitle')}
      loadingLabel={t('aes.loading')}
      maxWidth={820}
    >
      {(businessId) => <AesForBusiness businessId={businessId} />}
    </BusinessAdminPage>
  );
}

function AesForBusiness({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  return (
    <QueryContent query={useAes4Biz(businessId)} loadingLabel={t('aes.loading')}>
      {(aes4biz) => (
        <>
          <RepresentativeForm businessId={businessId} aes4biz={aes4biz} />
          <SectionCard
            id="aes-domains"
            heading={t('aes.domains')}
            intro={t('aes.domains_intro')}
            headingSpace={2}
          >
            {aes4biz.domains.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('aes.no_domains')}
              </Typography>
            ) : (
              <Box
                component="ul"
                aria-label={t('aes.domains')}
                sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}
              >
                {aes4biz.domains.map((domain) => (
                  <li key={domain}>
                    <Chip label={domain} />
                  </li>
                ))}
              </Box>
            )}
            <ButtonLink to="/business/members/domains" variant="outlined" sx={{ mt: 2 }}>
              {t('aes.manage_domains')}
            </ButtonLink>
          </SectionCard>
        </>
      )}
    </QueryContent>
  );
}

const emailRule = rules.email();

function RepresentativeForm({ businessId, aes4biz }: { businessId: string; aes4biz: Aes4Biz }) {
  const { t } = useTranslation(ns);
  // The form rules' messages are the app's (validation.*).
  const { t: common } = useTranslation();
  const update = useUpdateAes4Biz(businessId);
  const [enabled, setEnabled] = useState(aes4biz.enabled);
  const [name, setName] = useState(aes4biz.representativeName ?? '');
  const [email, setEmail] = useState(aes4biz.representativeEmail ?? '');
  const [register, setRegister] = useState(aes4biz.commercialRegister ?? '');
  const [touched, setTouched] = useState(false);
  const checkedEmail = email.trim() ? emailRule.safeParse(email) : null;
  const emailProblem =
    checkedEmail && !checkedEmail.success
      ? translateValidation(common, checkedEmail.error.issues[0]?.message)
      : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (emailProblem) return;
    update.mutate(
      {
        enabled,
        representativeName: name.trim(),
        representativeEmail: email.trim(),
        commercialRegister: register.trim(),
      },
      { onSuccess: () => showSnackbar({ message: `${ns}:saved`, color: 'success' }) },
    );
  };
  return (
    <SectionCard
      id="aes-representative"
      heading={t('aes.representative')}
      intro={t('aes.representative_intro')}
      headingSpace={2}
    >
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        <SettingSwitch
          id="aes-enabled"
          label={t('aes.enabled')}
          help={t('aes.enabled_help')}
          checked={enabled}
          onChange={setEnabled}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextInput
            label={t('aes.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'name' } }}
          />
          <TextInput
            label={t('aes.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={touched && Boolean(emailProblem)}
            helperText={touched ? emailProblem : undefined}
            slotProps={{ htmlInput: { autoComplete: 'email', autoCapitalize: 'none' } }}
          />
        </Box>
        <TextInput
          label={t('aes.register')}
          value={register}
          onChange={(event) => setRegister(event.target.value)}
          helperText={t('aes.register_hint')}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <FormFooter error={update.error} pending={update.isPending} label={t('aes.save')} />
      </Box>
    </SectionCard>
  );
}
