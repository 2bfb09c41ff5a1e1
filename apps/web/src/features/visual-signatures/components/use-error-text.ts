import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';

/** What went wrong, in the user's words: this feature's text for a code, else the generic one. */
export function useErrorText() {
  const { t, i18n } = useTranslation('visual-signatures');
  return (error: unknown): string => {
    const key = isApiError(error) ? `errors.${error.code}` : 'errors.generic';
    return i18n.exists(key, { ns: 'visual-signatures' }) ? t(key) : t('errors.generic');
  };
}
