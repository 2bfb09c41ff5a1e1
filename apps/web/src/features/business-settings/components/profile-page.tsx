import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import { TextInput } from '../../../components/text-input.tsx';
import type { Business } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { FormFooter, QueryContent } from './query-content.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useBusinessProfile, useUpdateProfile } from '../api/profile.ts';
import { LogoCard } from './logo-card.tsx';

const ns = 'business-settings';
const fieldRules = {
  name: rules.required().pipe(rules.maxLength(100)),
  email: rules.email(),
  phone: rules.phone(),
};

/** /business/profile (spec §3 Business): the business's name, e-mail and phone, and its logo. */
export function BusinessProfilePage() {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage
      title={t('profile.title')}
      subtitle={t('profile.subtitle')}
      loadingLabel={t('profile.loading')}
      maxWidth={820}
    >
      {(businessId) => <Profile businessId={businessId} />}
    </BusinessAdminPage>
  );
}

function Profile({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  return (
    <QueryContent query={useBusinessProfile(businessId)} loadingLabel={t('profile.loading')}>
      {(business) => (
        <>
          <ProfileForm businessId={businessId} business={business} />
          <LogoCard
            businessId={businessId}
            logo={business.settings.companyBranding.logo}
            name={business.name}
          />
        </>
      )}
    </QueryContent>
  );
}

function ProfileForm({ businessId, business }: { businessId: string; business: Business }) {
  const { t } = useTranslation(ns);
  // The form rules' messages are the app's (validation.*).
  const { t: common } = useTranslation();
  const update = useUpdateProfile(businessId);
  const [values, setValues] = useState({
    name: business.name,
    email: business.email,
    phone: business.phone ?? '',
  });
  const [touched, setTouched] = useState(false);
  const problemOf = (field: keyof typeof values) => {
    // The phone is optional: empty clears it.
    if (field === 'phone' && !values.phone.trim()) return undefined;
    const checked = fieldRules[field].safeParse(values[field]);
    return checked.success ? undefined : translateValidation(common, checked.error.issues[0]?.message);
  };
  const problems = { name: problemOf('name'), email: problemOf('email'), phone: problemOf('phone') };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problems.name || problems.email || problems.phone) return;
    update.mutate(
      { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() || null },
      { onSuccess: () => showSnackbar({ message: `${ns}:saved`, color: 'success' }) },
    );
  };
  const field = (name: keyof typeof values, help?: string) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    error: touched && Boolean(problems[name]),
    helperText: (touched && problems[name]) || help,
  });
  return (
    <SectionCard id="business-details" heading={t('profile.details')} headingSpace={2}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        <TextInput
          label={t('profile.name')}
          required
          {...field('name')}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextInput label={t('profile.email')} type="email" required {...field('email')} />
          <TextInput label={t('profile.phone')} type="tel" {...field('phone', t('support.phone_hint'))} />
        </Box>
        <FormFooter error={update.error} pending={update.isPending} label={t('profile.save')} />
      </Box>
    </SectionCard>
  );
}
