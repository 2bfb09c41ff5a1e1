import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/server-errors.ts';
import { ProviderError } from './payments-provider.ts';

/** The provider's and Signet's failures as the form says them. */
export function usePaymentErrorText() {
  const { t } = useTranslation('billing');
  const errorText = useErrorText(['billing']);
  return (error: unknown): string => {
    if (error instanceof ProviderError) {
      const { failure } = error;
      if (failure.kind === 'declined')
        return failure.declineCode === 'insufficient_funds'
          ? t('payment.insufficient_funds')
          : t('payment.declined');
      if (failure.kind === 'invalid') return t('payment.details_invalid');
      return t('payment.provider_unavailable');
    }
    return errorText(error);
  };
}
