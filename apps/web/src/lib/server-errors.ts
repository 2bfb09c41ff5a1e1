import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ErrorResponse } from '@signet/contracts/errors';
import { isApiError, type ApiError } from './api-client.ts';

/** One place of the request body an API error names, with the server's reason. */
export type ErrorIssue = NonNullable<ErrorResponse['issues']>[number];

/** The places an API error names: each issue of a validation error, else its one field, else none. */
function errorIssues(error: ApiError): ErrorIssue[] {
  if (error.issues?.length) return error.issues;
  return error.field ? [{ field: error.field, message: error.message }] : [];
}

/**
 * Puts an API error on the form fields it names (`{ field, issues }` of contracts' ErrorResponse).
 * `fieldOf` turns the API's body path into the form's field, or null where the form has none for it;
 * `message` is what the field shows. True when at least one field took the error.
 */
export function setServerErrors<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  fieldOf: (apiField: string) => Path<T> | null,
  message: (issue: ErrorIssue) => string,
): boolean {
  let placed = false;
  for (const issue of errorIssues(error)) {
    const field = fieldOf(issue.field);
    if (!field) continue;
    setError(field, { type: 'server', message: message(issue) });
    placed = true;
  }
  return placed;
}

/**
 * Translated text for an API error code; unknown codes get the generic message. `namespaces` are
 * read before the shell's: a page may say a code its own way (`errors.<CODE>` in its namespace).
 */
export function useErrorText(namespaces: readonly string[] = []) {
  const ns = [...namespaces, 'translation'];
  const { t, i18n } = useTranslation(ns, { nsMode: 'fallback' });
  return (error: unknown): string => {
    if (!isApiError(error)) return t('errors.generic');
    const seconds = error.retryAfterMs !== null ? Math.ceil(error.retryAfterMs / 1000) : undefined;
    // Without Retry-After there is no number of seconds to show.
    const key =
      error.code === 'TOO_MANY_ATTEMPTS' && seconds === undefined
        ? 'errors.TOO_MANY_ATTEMPTS_LATER'
        : `errors.${error.code}`;
    // The error's details (e.g. seatsLeft) may be named in the text too.
    return i18n.exists(key, { ns }) ? t(key, { ...error.details, seconds }) : t('errors.generic');
  };
}

/**
 * A form whose fields carry the API's names (`attributes.mobile` for the body's attributes.mobile):
 * an API error goes on the named field, with the text for its code, or else becomes the form's
 * message (returned for an Alert). Schema errors name their place as `body.<path>`, the services'
 * as `<path>`: both land on the field.
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  namespaces?: readonly string[],
) {
  const errorText = useErrorText(namespaces);
  const [formError, setFormError] = useState<string | null>(null);
  const apply = (error: unknown) => {
    const text = errorText(error);
    const fieldOf = (apiField: string) =>
      fields.find((field) => field === apiField.replace(/^body\./, '')) ?? null;
    const placed = isApiError(error) && setServerErrors(error, setError, fieldOf, () => text);
    setFormError(placed ? null : text);
  };
  return { formError, setFormError, apply };
}
