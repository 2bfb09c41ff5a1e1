import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import type { IdentityProviderView } from '@signet/contracts/business-sso';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/inline-confirm.tsx';
import { LabelledValue } from '../../../components/labelled-value.tsx';
import { PageLoading } from '../../../components/page-frame.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import {
  useIdentityProvider,
  useRemoveIdentityProvider,
  useSaveIdentityProvider,
} from '../api/identity-provider.ts';

const ns = 'business-sso';

/**
 * The business's single sign-on (OpenID Connect), a section of /business/members/domains: what to
 * register at the provider (Signet's redirect URI, the scopes), the provider's issuer, client id and
 * secret (never shown again once saved), and the switch. Saving has Signet read the issuer's
 * discovery document first, and says whether it could.
 */
export function SsoSettingsCard({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const settings = useIdentityProvider(businessId);
  return (
    <SectionCard id="single-sign-on" heading={t('title')} intro={t('intro')} headingSpace={2}>
      {settings.isPending ? (
        <PageLoading label={t('loading')} />
      ) : settings.isError ? (
        <Alert severity="error" role="alert">
          {errorText(settings.error)}
        </Alert>
      ) : (
        <SsoSettings businessId={businessId} view={settings.data} />
      )}
    </SectionCard>
  );
}

function SsoSettings({ businessId, view }: { businessId: string; view: IdentityProviderView }) {
  const { t } = useTranslation(ns);
  const provider = view.provider;
  // Kept here: a save gives the form new settings, and so a fresh form (its key).
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          data-testid="sso-status"
          size="small"
          color={provider?.enabled ? 'success' : 'default'}
          label={t(provider ? (provider.enabled ? 'status.on' : 'status.off') : 'status.none')}
        />
        <Typography variant="body2" color="text.secondary">
          {view.domains.length > 0
            ? t('domains', { domains: view.domains.join(', '), count: view.domains.length })
            : t('no_domains')}
        </Typography>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
        <LabelledValue label={t('redirect_uri')} value={view.redirectUri} copy />
        <LabelledValue label={t('scopes')} value={view.scopes} copy />
      </Box>
      <ProviderForm
        businessId={businessId}
        view={view}
        key={provider?.updatedAt ?? 'new'}
        onSaving={() => setSaved(null)}
        onSaved={setSaved}
      />
      {saved && (
        <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          {t('discovered', { issuer: saved })}
        </Alert>
      )}
      {provider && <RemoveProvider businessId={businessId} />}
    </Box>
  );
}

function ProviderForm({
  businessId,
  view,
  onSaving,
  onSaved,
}: {
  businessId: string;
  view: IdentityProviderView;
  onSaving: () => void;
  /** The issuer whose discovery document Signet read before saving. */
  onSaved: (issuer: string) => void;
}) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const save = useSaveIdentityProvider(businessId);
  const stored = view.provider;
  const [issuer, setIssuer] = useState(stored?.issuer ?? '');
  const [clientId, setClientId] = useState(stored?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [enabled, setEnabled] = useState(stored?.enabled ?? true);
  const [touched, setTouched] = useState(false);
  const local = {
    issuer: !issuer.trim()
      ? t('form.required')
      : /^https?:\/\/[^\s?#]+$/.test(issuer.trim())
        ? null
        : t('form.issuer_invalid'),
    clientId: clientId.trim() ? null : t('form.required'),
    clientSecret: stored || clientSecret ? null : t('form.required'),
  };
  const apiField = isApiError(save.error) ? save.error.field?.replace(/^body\./, '') : undefined;
  const problemOf = (name: keyof typeof local) =>
    (touched ? local[name] : null) ?? (apiField === name ? errorText(save.error) : null);
  const otherProblem = save.isError && !['issuer', 'clientId', 'clientSecret'].includes(apiField ?? '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSaving();
    setTouched(true);
    if (Object.values(local).some(Boolean)) return;
    save.mutate(
      {
        issuer: issuer.trim(),
        clientId: clientId.trim(),
        enabled,
        ...(clientSecret ? { clientSecret } : {}),
      },
      {
        onSuccess: (answer) => {
          if (answer.provider) onSaved(answer.provider.issuer);
          showSnackbar({ message: `${ns}:saved`, color: 'success' });
        },
      },
    );
  };
  const field = (name: 'issuer' | 'clientId' | 'clientSecret') => ({
    error: Boolean(problemOf(name)),
    helperText: problemOf(name) ?? t(`form.${name}_hint`),
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
      <TextInput
        label={t('form.issuer')}
        placeholder="https://login.example.com"
        value={issuer}
        onChange={(event) => setIssuer(event.target.value)}
        required
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, inputMode: 'url' } }}
        {...field('issuer')}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextInput
          label={t('form.clientId')}
          value={clientId}
          onChange={(event) => setClientId(event.target.value)}
          required
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          {...field('clientId')}
        />
        <TextInput
          label={t('form.clientSecret')}
          type="password"
          autoComplete="off"
          value={clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
          required={!stored}
          placeholder={stored ? t('form.clientSecret_stored') : undefined}
          slotProps={{ inputLabel: stored ? { shrink: true } : {} }}
          {...field('clientSecret')}
        />
      </Box>
      <FormControlLabel
        control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
        label={t('form.enabled')}
      />
      {otherProblem && (
        <Alert severity="error" role="alert">
          {errorText(save.error)}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('form.save')}
        </Button>
      </Box>
    </Box>
  );
}

function RemoveProvider({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const remove = useRemoveIdentityProvider(businessId);
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <Box>
        <Button color="error" onClick={() => setConfirming(true)}>
          {t('remove')}
        </Button>
      </Box>
    );
  return (
    <InlineConfirm
      question={t('remove_confirm')}
      keepLabel={t('keep')}
      confirmLabel={t('remove_now')}
      loading={remove.isPending}
      error={remove.isError ? errorText(remove.error) : null}
      onKeep={() => setConfirming(false)}
      onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
    />
  );
}
