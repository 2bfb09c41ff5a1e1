import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useErrorText } from './use-error-text.ts';

/** A snackbar about one visual signature, named by its alias; `key` is this feature's text. */
export function noteAbout(key: string, alias: string, color: 'success' | 'warning') {
  showSnackbar({ message: `visual-signatures:${key}`, values: { alias }, color });
}

/** A mutation's callbacks that say how it went: `key` about the signature, else what went wrong. */
export function useOutcomeNotes() {
  const errorText = useErrorText();
  return (key: string, alias: string) => ({
    onSuccess: () => noteAbout(key, alias, 'success'),
    onError: (error: unknown) => showSnackbar({ message: errorText(error), color: 'error' }),
  });
}
