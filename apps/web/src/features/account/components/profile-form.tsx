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

/** A form of the profile pages (details, settings), as it is whoever's profile it shows. */
export interface ProfileFormSpec<T extends FieldValues> {
  schema: z.ZodType<T, T>;
  /** The form's values from the user, as loaded and as saved. */
  formOf: (user: User) => T;
  /** The fields carry the names of PUT /v1/user's body, so the API's errors land on them. */
  serverFields: readonly Path<T>[];
  bodyOf: (values: T) => BodyOf<typeof accountEndpoints.updateUser>;
}

/**
 * A profile form for the user: saving sends PUT /v1/user, puts the saved user's values back in
 * (what the server kept is what the form shows), lets `saved.then` follow up, and says so.
 */
export function useProfileForm<T extends FieldValues>(
  user: User,
  spec: ProfileFormSpec<T>,
  saved: { text: string; then?: (user: User) => Promise<void> },
) {
  const update = useUpdateUser();
  const { form, field, formError, submit } = useAccountForm(
    spec.schema,
    spec.formOf(user) as DefaultValues<T>,
    spec.serverFields,
    [profileNamespace],
  );
  const onSubmit = submit(async (values) => {
    const savedUser = await update.mutateAsync(spec.bodyOf(values));
    form.reset(spec.formOf(savedUser));
    await saved.then?.(savedUser);
    showSnackbar({ message: saved.text, color: 'success' });
  });
  /** The props of the form's ProfileForm but its button's text. */
  const frame = { onSubmit, formError, busy: form.formState.isSubmitting };
  return { form, field, frame };
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
