import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import type { PricePreview } from '@signet/contracts/billing';
import { FactList } from '../../../components/fact-list.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { formatPrice } from '../plan-prices.ts';

/**
 * What a change costs, as the provider would invoice it: charged now for the rest of the period
 * (prorated), and the next invoice. Shown before every confirmation of a change.
 */
export function PricePreviewFacts({
  preview,
  error,
  pending,
}: {
  preview: PricePreview | undefined;
  error: unknown;
  pending: boolean;
}) {
  const { t } = useTranslation('billing');
  const errorText = useErrorText(['billing']);
  if (error)
    return (
      <Alert severity="error" role="alert">
        {t('preview.failed')} {errorText(error)}
      </Alert>
    );
  if (pending || !preview)
    return <Skeleton variant="rounded" height={72} aria-label={t('preview.loading')} />;
  const money = (amount: number) => formatPrice({ amount, currency: preview.currency }, currentLanguage());
  const facts: Array<[string, string]> = [[t('preview.now'), money(preview.proration)]];
  facts.push([t('preview.next_invoice'), money(preview.amountDue)]);
  if (preview.discount > 0) facts.push([t('preview.discount'), money(-preview.discount)]);
  return (
    <div role="status" aria-live="polite" data-testid="price-preview">
      <FactList facts={facts} />
    </div>
  );
}
