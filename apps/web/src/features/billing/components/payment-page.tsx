import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import { useTranslation } from 'react-i18next';
import type { PaymentMethods } from '@signet/contracts/billing';
import { usePaymentMethods } from '../api/payment-methods.ts';
import { AddPaymentMethod } from './add-payment-method.tsx';
import { BillingFrame } from './billing-frame.tsx';
import { QuerySection } from './query-section.tsx';

const ns = 'billing';

/** /business/billing/payment: the business's cards and SEPA debits, the default marked; adding one. */
export function BillingPaymentPage() {
  return (
    <BillingFrame page="payment_page">
      {(businessId) => (
        <>
          <MethodList businessId={businessId} />
          <AddPaymentMethod businessId={businessId} />
        </>
      )}
    </BillingFrame>
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
