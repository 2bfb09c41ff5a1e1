import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '../../../components/text-input.tsx';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import { domainPattern } from '@signet/contracts/common';
import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { EmptyState, PageLoading } from '../../../components/page-frame.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useAddDomain, useDomains } from '../api/domains.ts';
import { DomainCard } from './domain-card.tsx';

const ns = 'business-domains';

/**
 * /business/members/domains: the business's e-mail domains. An admin adds one, publishes the TXT
 * record Signet names in the domain's DNS, and has Signet check it; verified domains let people who
 * sign up with an address there join the business. `after` is what the route shows below them
 * (the single sign-on that applies to the verified domains).
 */
export function DomainsPage({ after }: { after?: (businessId: string) => ReactNode }) {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage title={t('title')} subtitle={t('subtitle')} loadingLabel={t('loading')} maxWidth={820}>
      {(businessId) => (
        <>
          <Domains businessId={businessId} />
          {after?.(businessId)}
        </>
      )}
    </BusinessAdminPage>
  );
}

function Domains({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const domains = useDomains(businessId);
  return (
    <>
      <AddDomainForm businessId={businessId} />
      {domains.isPending ? (
        <PageLoading label={t('loading')} />
      ) : domains.isError ? (
        <Alert severity="error" role="alert">
          {errorText(domains.error)}
        </Alert>
      ) : domains.data.length === 0 ? (
        <EmptyState icon={<DnsOutlinedIcon />} heading={t('empty.heading')} text={t('empty.text')} />
      ) : (
        <Box
          component="ul"
          aria-label={t('list_label')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
        >
          {domains.data.map((domain) => (
            <Box component="li" key={domain.domain} sx={{ minWidth: 0 }}>
              <DomainCard businessId={businessId} domain={domain} />
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

function AddDomainForm({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const add = useAddDomain(businessId);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const domain = value.trim().toLowerCase().replace(/\.$/, '');
  const localProblem = !domain
    ? t('form.required')
    : !domainPattern.test(domain) || domain.startsWith('[')
      ? t('form.invalid')
      : null;
  const serverProblem = add.isError && isApiError(add.error) ? errorText(add.error) : null;
  const problem = touched ? (localProblem ?? serverProblem) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (localProblem) return;
    add.mutate(domain, {
      onSuccess: (added) => {
        setValue('');
        setTouched(false);
        showSnackbar({ message: `${ns}:added`, values: { domain: added.domain }, color: 'success' });
      },
    });
  };
  return (
    <SectionCard id="add-domain" heading={t('form.title')} intro={t('form.text')}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextInput
          label={t('form.domain')}
          placeholder="example.com"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            add.reset();
          }}
          onBlur={() => setTouched(Boolean(value))}
          error={Boolean(problem)}
          helperText={problem ?? t('form.hint')}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, inputMode: 'url' } }}
          sx={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="contained" loading={add.isPending} sx={{ mt: 1 }}>
          {t('form.add')}
        </Button>
      </Box>
    </SectionCard>
  );
}
