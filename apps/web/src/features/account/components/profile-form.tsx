import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import type { User } from '@signet/contracts/accounts';
import type { BodyOf } from '@signet/contracts/endpoint';
import type { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { profileNamespace } from '../use-profile-translation.ts';
import { AccountForm, SubmitButton, useAccountForm } from './account-form.tsx';

/**
 * A form of the profile pages (details, settings): the user's values in, PUT /v1/user on saving,
 * then the saved user's values back in (what the server kept is what the form shows) and a note.
 */
export function useProfileForm<T extends FieldValues>({
  user,
  schema,
  formOf,
  serverFields,
  bodyOf,
  savedText,
  afterSave,
}: {
  user: User;
  schema: z.ZodType<T, T>;
  formOf: (user: User) => T;
  /** The fields carry the names of PUT /v1/user's body, so the API's errors land on them. */
  serverFields: readonly Path<T>[];
  bodyOf: (values: T) => BodyOf<typeof accountEndpoints.updateUser>;
  savedText: string;
  /** What else follows from the saved user, before the note. */
  afterSave?: (saved: User) => Promise<void>;
}) {
  const update = useUpdateUser();
  const { form, field, formError, submit } = useAccountForm(
    schema,
    formOf(user) as DefaultValues<T>,
    serverFields,
    [profileNamespace],
  );
  const onSubmit = submit(async (values) => {
    const saved = await update.mutateAsync(bodyOf(values));
    form.reset(formOf(saved));
    await afterSave?.(saved);
    showSnackbar({ message: savedText, color: 'success' });
  });
  return { form, field, formError, onSubmit };
}

/** The profile form's frame: what went wrong above the fields, the save button under them. */
export function ProfileForm({
  onSubmit,
  formError,
  busy,
  save,
  children,
}: {
  onSubmit: FormEventHandler;
  formError: string | null;
  busy: boolean;
  save: string;
  children: ReactNode;
}) {
  return (
    <AccountForm onSubmit={onSubmit}>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      {children}
      <SubmitButton busy={busy} sx={{ alignSelf: 'flex-start' }}>
        {save}
      </SubmitButton>
    </AccountForm>
  );
}
