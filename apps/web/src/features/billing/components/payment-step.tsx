import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { PricePlan, PromoValidation } from '@signet/contracts/billing';
import { billingCountryFor } from '../../../lib/i18n.ts';
import type { ChosenPlan } from '@signet/contracts/billing';
import type { Language } from '@signet/contracts/common';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useDirectConfirm, useDirectSetupIntent, useValidatePromo } from '../api/direct-upgrade.ts';
import { keepPendingUpgrade, takePendingUpgrade, type PendingUpgrade } from '../pending-upgrade.ts';
import { confirmPaymentMethod, type PaymentDetails } from '../payments-provider.ts';
import { usePaymentErrorText } from '../payment-error-text.ts';
import { ChoiceToggle } from './choice-toggle.tsx';
import { FirstInvoicePreview } from './first-invoice-preview.tsx';

const ns = 'billing';

/** Billing countries offered first (Switzerland and its neighbours, then the EU's larger markets). */
const countries = ['CH', 'LI', 'DE', 'AT', 'FR', 'IT', 'NL', 'BE', 'LU', 'ES', 'PT'] as const;

const PaymentForm = z
  .object({
    businessName: rules.required().pipe(rules.maxLength(100)),
    country: z.enum(countries),
    seats: z.string().regex(/^\d{1,5}$/, 'validation.integer'),
    promoCode: z.string(),
    method: z.enum(['card', 'sepa_debit']),
    cardNumber: z.string(),
    expiry: z.string(),
    cvc: z.string(),
    iban: z.string(),
    holder: z.string(),
    email: z.string(),
    gtc: rules.mustBeTrue('validation.terms'),
  })
  .superRefine((values, context) => {
    const fail = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (values.method === 'card') {
      if (!/^\d{12,19}$/.test(values.cardNumber.replace(/[\s-]/g, '')))
        fail('cardNumber', 'payment.card_number_invalid');
      if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(values.expiry.trim()))
        fail('expiry', 'payment.expiry_invalid');
      if (!/^\d{3,4}$/.test(values.cvc.trim())) fail('cvc', 'payment.cvc_invalid');
    } else {
      if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/i.test(values.iban.replace(/\s/g, '')))
        fail('iban', 'payment.iban_invalid');
      if (!values.holder.trim()) fail('holder', 'validation.required');
      if (!z.email().safeParse(values.email.trim()).success) fail('email', 'validation.email');
    }
  });
type PaymentValues = z.infer<typeof PaymentForm>;

/** Where the provider's authentication page sends the browser back: this page, with the choice. */
function returnUrlFor(plan: ChosenPlan, cycle: string): string {
  const url = new URL('/upgrade', window.location.origin);
  url.searchParams.set('plan', plan);
  url.searchParams.set('cycle', cycle);
  return url.toString();
}

/**
 * The payment step of /upgrade for someone without a business (spec §7 direct_upgrade): the
 * business's name and country, seats, promo code (checked as it is applied), card or SEPA debit,
 * the preview of what is charged, then the confirm that makes the business. A card that needs
 * authentication leaves for the provider's page and comes back here to finish (`returned`).
 */
export function PaymentStep({
  price,
  language,
  email,
  returned,
}: {
  price: PricePlan & { plan: ChosenPlan };
  language: Language;
  email: string;
  returned: { setupIntentId: string; succeeded: boolean } | null;
}) {
  const { t } = useTranslation([ns, 'translation'], { nsMode: 'fallback' });
  const navigate = useNavigate();
  const paymentErrorText = usePaymentErrorText();
  const setupIntent = useDirectSetupIntent();
  const confirm = useDirectConfirm();
  const validatePromo = useValidatePromo();
  const [formError, setFormError] = useState<string | null>(null);
  const [promo, setPromo] = useState<PromoValidation | null>(null);
  const [finishing, setFinishing] = useState(returned?.succeeded ?? false);
  const form = useForm<PaymentValues>({
    resolver: zodResolver(PaymentForm),
    defaultValues: {
      businessName: '',
      country: billingCountryFor(),
      seats: String(price.seats.included),
      promoCode: '',
      method: 'card',
      cardNumber: '',
      expiry: '',
      cvc: '',
      iban: '',
      holder: '',
      email,
      gtc: false,
    },
  });
  const method = useWatch({ control: form.control, name: 'method' });
  const country = useWatch({ control: form.control, name: 'country' });
  const seatsText = useWatch({ control: form.control, name: 'seats' });
  const wanted = Number(seatsText);
  const seats =
    Number.isInteger(wanted) && wanted >= 1 ? Math.min(wanted, price.seats.max) : price.seats.included;
  const choice = {
    plan: price.plan,
    cycle: price.cycle,
    currency: price.currency,
    seats,
    ...(promo ? { promoCode: promo.promoCode } : {}),
  };

  /** Makes the business; then its dashboard. A refusal is shown and nothing was created. */
  const finish = async (pending: Omit<PendingUpgrade, 'plan' | 'cycle' | 'currency'>) => {
    try {
      await confirm.mutateAsync({ ...choice, ...pending, gtc: true });
      await navigate({ to: '/business/dashboard', replace: true });
    } catch (error) {
      setFinishing(false);
      setFormError(paymentErrorText(error));
    }
  };

  // Back from the provider's authentication page: finish with what was chosen before leaving.
  const resumed = useRef(false);
  useEffect(() => {
    if (!returned || resumed.current) return;
    resumed.current = true;
    const pending = takePendingUpgrade(returned.setupIntentId);
    // The client secret and intent id leave the address bar (and the history) at once.
    void navigate({ to: '/upgrade', search: { plan: price.plan, cycle: price.cycle }, replace: true });
    if (pending) {
      // What was entered before leaving is there again, to finish or to try once more.
      form.setValue('businessName', pending.businessName);
      form.setValue('seats', String(pending.seats));
      form.setValue('promoCode', pending.promoCode ?? '');
      if (pending.promoCode && !returned.succeeded) void applyPromo();
    }
    if (!returned.succeeded || !pending) {
      setFinishing(false);
      setFormError(t('payment.authentication_failed'));
      return;
    }
    void finish(pending);
    // Runs once, on the return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const applyPromo = async () => {
    const code = form.getValues('promoCode').trim();
    form.clearErrors('promoCode');
    if (!code) return setPromo(null);
    try {
      setPromo(await validatePromo.mutateAsync({ promoCode: code, currency: price.currency }));
    } catch (error) {
      setPromo(null);
      const message = isApiError(error) && error.field === 'promoCode' ? error.message : null;
      form.setError('promoCode', {
        message: message && /expired|used/i.test(message) ? 'payment.promo_expired' : 'payment.promo_unknown',
      });
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const details: PaymentDetails =
      values.method === 'card'
        ? {
            type: 'card',
            number: values.cardNumber,
            expMonth: Number(values.expiry.slice(0, 2)),
            expYear: 2000 + Number(values.expiry.trim().slice(-2)),
            cvc: values.cvc.trim(),
          }
        : { type: 'sepa_debit', iban: values.iban, name: values.holder.trim(), email: values.email.trim() };
    const pending = {
      businessName: values.businessName.trim(),
      seats,
      ...(promo ? { promoCode: promo.promoCode } : {}),
    };
    try {
      const intent = await setupIntent.mutateAsync({
        country: values.country,
        paymentMethodTypes: [values.method],
      });
      const outcome = await confirmPaymentMethod(intent, details, returnUrlFor(price.plan, price.cycle));
      if (outcome.status === 'requires_action' && outcome.nextActionUrl) {
        keepPendingUpgrade({ ...choice, ...pending, setupIntentId: intent.id });
        window.location.assign(outcome.nextActionUrl);
        return;
      }
      await finish({ ...pending, setupIntentId: intent.id });
    } catch (error) {
      setFormError(paymentErrorText(error));
    }
  });

  const field = (name: keyof PaymentValues, help?: string) => {
    const { error } = form.getFieldState(name, form.formState);
    return {
      ...form.register(name),
      error: Boolean(error),
      helperText: translateValidation(t, error?.message) ?? help,
    };
  };
  const regionNames = new Intl.DisplayNames([language], { type: 'region' });

  if (finishing)
    return (
      <Alert severity="info" role="status">
        {t('payment.finishing')}
      </Alert>
    );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="upgrade-payment-heading"
      sx={{ display: 'grid', gap: 2, maxWidth: 640 }}
    >
      <Typography id="upgrade-payment-heading" component="h3" variant="h6">
        {t('payment.heading')}
      </Typography>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <TextInput label={t('payment.business_name')} autoComplete="organization" {...field('businessName')} />
      <TextField
        select
        label={t('payment.country')}
        value={country}
        onChange={(event) => form.setValue('country', event.target.value as PaymentValues['country'])}
      >
        {countries.map((code) => (
          <MenuItem key={code} value={code}>
            {regionNames.of(code) ?? code}
          </MenuItem>
        ))}
      </TextField>
      <TextInput
        label={t('payment.seats')}
        type="number"
        slotProps={{ htmlInput: { min: 1, max: price.seats.max, inputMode: 'numeric' } }}
        {...field('seats', t('payment.seats_help', { max: price.seats.max }))}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextInput
          label={t('chooser.promo_label')}
          sx={{ flex: 1 }}
          {...field(
            'promoCode',
            promo ? t('payment.promo_applied', { code: promo.promoCode }) : t('payment.promo_help'),
          )}
          onBlur={() => void applyPromo()}
        />
        <Button
          variant="outlined"
          onClick={() => void applyPromo()}
          loading={validatePromo.isPending}
          sx={{ mt: 1 }}
        >
          {t('payment.promo_apply')}
        </Button>
      </Box>
      <ChoiceToggle
        label={t('payment.method_label')}
        value={method}
        options={[
          { value: 'card', label: t('payment.card') },
          { value: 'sepa_debit', label: t('payment.sepa') },
        ]}
        onChange={(next) => form.setValue('method', next)}
      />
      {method === 'card' ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
          <TextInput
            label={t('payment.card_number')}
            autoComplete="cc-number"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...field('cardNumber')}
          />
          <TextInput
            label={t('payment.expiry')}
            autoComplete="cc-exp"
            placeholder="MM/YY"
            {...field('expiry')}
          />
          <TextInput
            label={t('payment.cvc')}
            autoComplete="cc-csc"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...field('cvc')}
          />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextInput label={t('payment.iban')} autoComplete="off" {...field('iban')} />
          <TextInput label={t('payment.holder')} autoComplete="name" {...field('holder')} />
          <TextInput label={t('payment.email')} type="email" autoComplete="email" {...field('email')} />
          <Typography variant="body2" color="text.secondary">
            {t('payment.sepa_mandate')}
          </Typography>
        </Box>
      )}
      <FirstInvoicePreview choice={choice} language={language} />
      <CheckboxField control={form.control} name="gtc" label={t('payment.gtc')} />
      <Box>
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          {t('payment.submit')}
        </Button>
      </Box>
    </Box>
  );
}
