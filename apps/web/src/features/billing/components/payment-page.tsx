import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { billingCountryFor } from '../../../lib/i18n.ts';
import type { PaymentMethods } from '@signet/contracts/billing';
import { useErrorText } from '../../../lib/server-errors.ts';
import { billingKey } from '../api/billing-keys.ts';
import { usePaymentMethods } from '../api/payment-methods.ts';
import { finishSetupIntent } from '../api/setup-intent.ts';
import { AddPaymentMethod, pendingCountryKey } from './add-payment-method.tsx';
import { BillingFrame } from './billing-frame.tsx';
import { QuerySection } from './query-section.tsx';

const ns = 'billing';

/** /business/billing/payment: the business's cards and SEPA debits, the default marked; adding one. */
export function BillingPaymentPage() {
  return (
    <BillingFrame page="payment_page">
      {(businessId) => (
        <>
          <ReturnFromAuthentication businessId={businessId} />
          <MethodList businessId={businessId} />
          <AddPaymentMethod businessId={businessId} />
        </>
      )}
    </BillingFrame>
  );
}

/**
 * Back from the issuer's authentication page (`?setup_intent=…`): finishes adding the method, says
 * how it went, and takes the provider's parameters out of the address.
 */
function ReturnFromAuthentication({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const search = useSearch({ strict: false }) as { setup_intent?: string };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const started = useRef(false);
  const intentId = search.setup_intent;
  useEffect(() => {
    if (!intentId || started.current) return;
    started.current = true;
    const country = sessionStorage.getItem(pendingCountryKey) ?? billingCountryFor();
    sessionStorage.removeItem(pendingCountryKey);
    void navigate({ to: '/business/billing/payment', search: {}, replace: true });
    finishSetupIntent(businessId, intentId, country).then(
      async (intent) => {
        await queryClient.invalidateQueries({ queryKey: billingKey(businessId) });
        setOutcome(
          intent.status === 'succeeded'
            ? { ok: true, text: t('payment_page.added') }
            : { ok: false, text: t('payment_page.authentication_failed') },
        );
      },
      (error: unknown) => setOutcome({ ok: false, text: errorText(error) }),
    );
  }, [intentId, businessId, navigate, queryClient, t, errorText]);
  if (!outcome) return null;
  return (
    <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </Alert>
  );
}

function MethodList({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  return (
    <QuerySection
      id="payment-methods"
      heading={t('payment_page.methods_heading')}
      query={usePaymentMethods(businessId)}
      loadingLabel={t('payment_page.loading_methods')}
      failedText={t('payment_page.load_failed')}
      empty={{
        when: (methods) => methods.cards.length + methods.sepaDebits.length === 0,
        icon: <CreditCardOutlinedIcon />,
        heading: t('payment_page.empty_heading'),
        text: t('payment_page.empty_text'),
      }}
    >
      {(methods) => <Methods methods={methods} />}
    </QuerySection>
  );
}

/** A card network as people write it (the provider's ids are lower case: visa, mastercard, amex). */
function brandName(brand: string | null): string {
  if (!brand) return '';
  if (brand === 'amex') return 'American Express';
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}

function Methods({ methods }: { methods: PaymentMethods }) {
  const { t } = useTranslation(ns);
  const items = [
    ...methods.cards.map((card) => ({
      id: card.id,
      primary: t('payment_page.card_line', { brand: brandName(card.brand), last4: card.last4 ?? '' }),
      secondary:
        card.expMonth && card.expYear
          ? t('payment_page.card_expires', {
              month: String(card.expMonth).padStart(2, '0'),
              year: card.expYear,
            })
          : '',
      isDefault: card.defaultPaymentMethod,
    })),
    ...methods.sepaDebits.map((debit) => ({
      id: debit.id,
      primary: t('payment_page.sepa_line', { country: debit.country ?? '', last4: debit.last4 ?? '' }),
      secondary: t('payment_page.sepa_kind'),
      isDefault: debit.defaultPaymentMethod,
    })),
  ];
  return (
    <List disablePadding aria-label={t('payment_page.methods_heading')}>
      {items.map((item) => (
        <ListItem key={item.id} divider data-testid="payment-method">
          <ListItemText
            primary={
              <Box
                component="span"
                sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
              >
                {item.primary}
                {item.isDefault && <Chip color="primary" size="small" label={t('payment_page.default')} />}
              </Box>
            }
            secondary={
              item.isDefault ? `${item.secondary} · ${t('payment_page.default_long')}` : item.secondary
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
