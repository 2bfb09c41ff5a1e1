import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DirectPreviewBody } from '@signet/contracts/billing';
import type { Language } from '@signet/contracts/common';
import { FactList } from '../../../components/fact-list.tsx';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useDirectPreview } from '../api/direct-upgrade.ts';
import { formatPrice } from '../plan-prices.ts';

const ns = 'billing';

/** What the first invoice of the choice would charge, as the provider computes it (promo code and tax included). */
export function FirstInvoicePreview({ choice, language }: { choice: DirectPreviewBody; language: Language }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const preview = useDirectPreview(choice);
  const money = (amount: number) => formatPrice({ amount, currency: choice.currency }, language);
  let content;
  if (preview.isPending)
    content = (
      <Box aria-label={t('payment.preview_loading')} role="status">
        <Skeleton width="60%" />
        <Skeleton width="40%" />
      </Box>
    );
  else if (preview.isError)
    content = (
      <Alert severity="warning" role="alert">
        {errorText(preview.error)}
      </Alert>
    );
  else {
    const { subtotal, discount, tax, total } = preview.data;
    content = (
      <FactList
        facts={[
          [t('payment.subtotal', { seats: choice.seats }), money(subtotal)],
          ...(discount > 0
            ? ([[t('payment.discount'), `− ${money(discount)}`]] as Array<[string, string]>)
            : []),
          [t('payment.tax'), money(tax)],
          [t('payment.total'), <strong key="total">{money(total)}</strong>],
        ]}
      />
    );
  }
  return (
    <Box
      component="section"
      aria-labelledby="upgrade-preview-heading"
      aria-busy={preview.isFetching}
      sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <Typography id="upgrade-preview-heading" component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {t('payment.preview_heading')}
      </Typography>
      {content}
    </Box>
  );
}
