import type { FormEventHandler, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { ButtonLink } from '../../../components/router-links.tsx';
import { TextInput, type TextInputProps } from '../../../components/text-input.tsx';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useServerErrors } from '../../../lib/server-errors.ts';
import { translateValidation } from '../../../lib/validation.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * An account form as every account page has it: checked by its schema (spec §5 rules), its fields
 * named as the API names them, so that the API's errors land on them (else above the form).
 * `field(name, help?)` ties a text field to the form; `submit(run)` clears the last error, runs, and puts
 * a failure where it belongs.
 */
export function useAccountForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  serverFields: readonly Path<T>[],
  /**
   * The form's own namespaces, read before the shell's: their `errors.<CODE>` say an API error this
   * form's way, and its schema's messages may be their keys.
   */
  errorNamespaces?: readonly string[],
) {
  // Rule messages are keys of the shell's `validation.*`, or of the form's own namespaces.
  const { t } = useTranslation([...(errorNamespaces ?? []), 'translation'], { nsMode: 'fallback' });
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  const { formError, setFormError, apply } = useServerErrors(form.setError, serverFields, errorNamespaces);
  /** The field's props; `help` is its helper text while it has no error to show. */
  const field = (name: Path<T>, help?: string) => {
    const { error } = form.getFieldState(name, form.formState);
    return {
      ...form.register(name),
      error: Boolean(error),
      helperText: translateValidation(t, error?.message) ?? help,
    };
  };
  const submit = (run: (values: T) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        await run(values);
      } catch (error) {
        apply(error);
      }
    });
  return { form, field, formError, submit };
}

/** The column an account form's fields stand in; the schema checks, not the browser. */
export function AccountForm({ onSubmit, children }: { onSubmit: FormEventHandler; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {children}
    </Box>
  );
}

/** The e-mail address field of the login and signup forms. */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('common.email')} type="email" autoComplete="email" {...props} />;
}

/** First and last name, side by side on wider screens, as the API names them. */
export function NameFields({
  first,
  last,
  sx,
}: {
  first: TextInputProps;
  last: TextInputProps;
  /** How the two stand: the signup's row, or the profile's grid. */
  sx: SxProps<Theme>;
}) {
  return (
    <Box sx={sx}>
      <TextInput autoComplete="given-name" {...first} />
      <TextInput autoComplete="family-name" {...last} />
    </Box>
  );
}

/** The line under an account form: where to go instead. */
export function AuthFooter({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

/** An account form's one button, busy while the form is sent. */
export function SubmitButton({
  busy,
  children,
  sx,
}: {
  busy: boolean;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Button type="submit" variant="contained" size="large" loading={busy} sx={sx}>
      {children}
    </Button>
  );
}

/** A mailed link that is not (or no longer) valid: say so and offer to ask for a new one. */
export function InvalidLinkCard({
  texts,
  to,
}: {
  /** The page's texts: `<texts>.invalid_title`, `.invalid_text` and `.again`. */
  texts: 'signup_confirm' | 'password_reset_new';
  to: '/signup' | '/business/signup' | '/password-reset';
}) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t(`${texts}.invalid_title`)} intro={t(`${texts}.invalid_text`)}>
      <ButtonLink to={to} variant="contained" size="large" fullWidth>
        {t(`${texts}.again`)}
      </ButtonLink>
    </AuthCard>
  );
}

/** A mailed link being checked (or used): the page's title over a spinner named for screen readers. */
export function LinkCheckingCard({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={title}>
      {children ?? (
        <Box
          sx={{ display: 'flex', justifyContent: 'center', py: 3 }}
          role="status"
          aria-label={t('common.loading')}
        >
          <CircularProgress />
        </Box>
      )}
    </AuthCard>
  );
}
