import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TextInput } from '../../../components/text-input.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sepaCountries } from '@signet/contracts/billing';
import { SectionCard } from '../../../components/section-card.tsx';
import { billingCountryFor, currentLanguage } from '../../../lib/i18n.ts';
import { billingKey } from '../api/billing-keys.ts';
import { createSetupIntent, finishSetupIntent } from '../api/setup-intent.ts';
import { usePaymentErrorText } from '../payment-error-text.ts';
import { confirmPaymentMethod, type PaymentDetails } from '../payments-provider.ts';
import { pendingCountryKey, useReturnFromAuthentication } from '../hooks/use-return-from-authentication.ts';

const ns = 'billing';
/** The countries offered first; any SEPA country may be typed in the same list. */
const countries = ['CH', 'LI', 'DE', 'AT', 'FR', 'IT', 'NL', 'BE', 'LU', 'ES', 'GB', 'US'] as const;

type Kind = 'card' | 'sepa_debit';

/**
 * Adds a card or SEPA debit: the details go to the payments provider from this browser (never to
 * Signet); a card that needs 3-D Secure opens the issuer's page, which returns to this page; the
 * method added becomes the default. The form owns the page's one message about adding, also for an
 * add finished on the way back from the issuer's page, and clears it when the next add starts.
 */
export function AddPaymentMethod({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const paymentErrorText = usePaymentErrorText();
  const queryClient = useQueryClient();
  const [country, setCountry] = useState<string>(() => billingCountryFor());
  const [kind, setKind] = useState<Kind>('card');
  const [fields, setFields] = useState({ number: '', exp: '', cvc: '', iban: '', name: '', email: '' });
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: boolean }>({
    busy: false,
    error: null,
    done: false,
  });
  useReturnFromAuthentication(businessId, (outcome) =>
    // An add started meanwhile owns the message now.
    setState((old) => {
      if (old.busy) return old;
      if (outcome.kind === 'added') return { busy: false, error: null, done: true };
      const error =
        outcome.kind === 'failed' ? paymentErrorText(outcome.error) : t('payment_page.authentication_failed');
      return { busy: false, error, done: false };
    }),
  );
  const sepaAllowed = (sepaCountries as readonly string[]).includes(country);
  const effectiveKind: Kind = sepaAllowed ? kind : 'card';
  const set = (name: keyof typeof fields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields((old) => ({ ...old, [name]: event.target.value }));

  const method = (): PaymentDetails | null => {
    if (effectiveKind === 'sepa_debit') {
      if (!fields.iban.trim() || !fields.name.trim() || !fields.email.trim()) return null;
      return { type: 'sepa_debit', iban: fields.iban, name: fields.name.trim(), email: fields.email.trim() };
    }
    const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(fields.exp);
    if (!fields.number.trim() || !exp || !fields.cvc.trim()) return null;
    const year = Number(exp[2]);
    return {
      type: 'card',
      number: fields.number,
      expMonth: Number(exp[1]),
      expYear: year < 100 ? 2000 + year : year,
      cvc: fields.cvc.trim(),
    };
  };

  const submit = async () => {
    const details = method();
    if (!details) {
      setState({ busy: false, error: t('payment_page.incomplete'), done: false });
      return;
    }
    setState({ busy: true, error: null, done: false });
    try {
      const intent = await createSetupIntent(businessId, country);
      const returnUrl = `${window.location.origin}/business/billing/payment`;
      const confirmed = await confirmPaymentMethod(intent, details, returnUrl);
      if (confirmed.status === 'requires_action' && confirmed.nextActionUrl) {
        sessionStorage.setItem(pendingCountryKey, country);
        window.location.assign(confirmed.nextActionUrl);
        return;
      }
      await finishSetupIntent(businessId, intent.id, country);
      await queryClient.invalidateQueries({ queryKey: billingKey(businessId) });
      setFields({ number: '', exp: '', cvc: '', iban: '', name: '', email: '' });
      setState({ busy: false, error: null, done: true });
    } catch (error) {
      setState({
        busy: false,
        error: paymentErrorText(error),
        done: false,
      });
    }
  };

  return (
    <SectionCard id="payment-add" heading={t('payment_page.add_heading')} intro={t('payment_page.add_intro')}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        aria-labelledby="payment-add"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          select
          label={t('payment_page.country')}
          value={country}
          onChange={(event) => setCountry(event.target.value)}
          sx={{ maxWidth: 320 }}
        >
          {countries.map((code) => (
            <MenuItem key={code} value={code}>
              {new Intl.DisplayNames([currentLanguage()], { type: 'region' }).of(code) ?? code}
            </MenuItem>
          ))}
        </TextField>
        <RadioGroup
          row
          aria-label={t('payment_page.kind')}
          value={effectiveKind}
          onChange={(event) => setKind(event.target.value as Kind)}
        >
          <FormControlLabel value="card" control={<Radio />} label={t('payment_page.card')} />
          <FormControlLabel
            value="sepa_debit"
            control={<Radio />}
            label={t('payment_page.sepa')}
            disabled={!sepaAllowed}
          />
        </RadioGroup>
        {effectiveKind === 'card' ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextInput
              label={t('payment_page.card_number')}
              value={fields.number}
              onChange={set('number')}
              autoComplete="cc-number"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ flex: 2 }}
            />
            <TextInput
              label={t('payment_page.card_exp')}
              placeholder="MM/YY"
              value={fields.exp}
              onChange={set('exp')}
              autoComplete="cc-exp"
              sx={{ flex: 1 }}
            />
            <TextInput
              label={t('payment_page.card_cvc')}
              value={fields.cvc}
              onChange={set('cvc')}
              autoComplete="cc-csc"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ flex: 1 }}
            />
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextInput
                label={t('payment_page.holder')}
                value={fields.name}
                onChange={set('name')}
                autoComplete="name"
                sx={{ flex: 1 }}
              />
              <TextInput
                label={t('payment_page.email')}
                type="email"
                value={fields.email}
                onChange={set('email')}
                autoComplete="email"
                sx={{ flex: 1 }}
              />
            </Stack>
            <TextInput label={t('payment_page.iban')} value={fields.iban} onChange={set('iban')} />
            <Alert severity="info">{t('payment_page.mandate')}</Alert>
          </Stack>
        )}
        {state.error && (
          <Alert severity="error" role="alert">
            {state.error}
          </Alert>
        )}
        {state.done && (
          <Alert severity="success" role="status">
            {t('payment_page.added')}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" loading={state.busy} disabled={state.busy}>
            {t('payment_page.add_submit')}
          </Button>
        </Box>
      </Stack>
    </SectionCard>
  );
}
