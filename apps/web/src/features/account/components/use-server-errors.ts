import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';

/** Translated text for an API error code; unknown codes get the generic message. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (error: unknown): string => {
    if (!isApiError(error)) return t('errors.generic');
    const seconds = error.retryAfterMs !== null ? Math.ceil(error.retryAfterMs / 1000) : undefined;
    // Without Retry-After there is no number of seconds to show.
    const key =
      error.code === 'TOO_MANY_ATTEMPTS' && seconds === undefined
        ? 'errors.TOO_MANY_ATTEMPTS_LATER'
        : `errors.${error.code}`;
    return i18n.exists(key) ? t(key, { seconds }) : t('errors.generic');
  };
}

/**
 * Puts an API error where it belongs: on the named field when the server said which one,
 * otherwise as the form's message (returned for an Alert).
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const apply = (error: unknown) => {
    const text = errorText(error);
    if (isApiError(error)) {
      const fieldIssues = (error.issues ?? []).filter((issue) => fields.includes(issue.field));
      if (error.field && fields.includes(error.field)) {
        setError(error.field as Path<T>, { type: 'server', message: text });
        setFormError(null);
        return;
      }
      if (fieldIssues.length > 0) {
        for (const issue of fieldIssues) setError(issue.field as Path<T>, { type: 'server', message: text });
        setFormError(null);
        return;
      }
    }
    setFormError(text);
  };
  return { formError, setFormError, apply };
}
