import Link from '@mui/material/Link';
import { TextInput, type TextInputProps } from '../../../components/text-input.tsx';
import type { Control, UseFormReturn } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { readConfig } from '../../../lib/config.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { rules } from '../../../lib/validation.ts';
import type { PasswordCheck } from '../api/check-password.ts';
import { SubmitButton } from './account-form.tsx';
import { NewPasswordField } from './password-check.tsx';

// Both signups (after the mailed link, and with ID Austria) end the same way: a password, an
// optional mobile number, the accepted terms; the account is created and signed in (use-sign-in.ts).

/** The rules of the fields every new account is asked for, beside its names or e-mail address. */
export const newAccountRules = {
  password: rules.required(),
  mobile: z.union([z.literal(''), rules.phone()]),
  gtc: rules.mustBeTrue('validation.terms'),
};
export const newAccountDefaults = { password: '', mobile: '', gtc: false };

/** A new person of a signup by mail: their names besides the new account's fields. */
export const NewPersonForm = z.object({
  firstName: rules.required().pipe(rules.maxLength(100)),
  lastName: rules.required().pipe(rules.maxLength(100)),
  ...newAccountRules,
});
export const newPersonDefaults = { firstName: '', lastName: '', ...newAccountDefaults };
/** The fields the register calls' errors may name. */
export const newPersonServerFields = ['firstName', 'lastName', 'password', 'mobile', 'gtc'] as const;
type NewAccountValues = { password: string; mobile: string; gtc: boolean };

/** What both register calls send of those fields (the language is the one the page is shown in). */
export function newAccountBody(values: Pick<NewAccountValues, 'password' | 'mobile'>) {
  const mobile = values.mobile.trim();
  return {
    password: values.password,
    gtc: true as const,
    lang: currentLanguage(),
    ...(mobile ? { mobile } : {}),
  };
}

/** Password (with the server's live verdict), mobile number, the terms, and the form's button. */
export function NewAccountFields<T extends NewAccountValues>({
  form,
  field,
  password,
  submitLabel,
}: {
  form: UseFormReturn<T>;
  /** The form's `field` (useAccountForm): a text field's props. */
  field: (name: 'password' | 'mobile') => TextInputProps;
  /** The password's live check (useNewPassword). */
  password: { verdict: PasswordCheck | undefined };
  /** The button's text when it is not "Create account" (the business signup's). */
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const mobile = field('mobile');
  return (
    <>
      <NewPasswordField label={t('common.password')} verdict={password.verdict} {...field('password')} />
      <TextInput
        label={t('signup_steps.mobile')}
        type="tel"
        autoComplete="tel"
        {...mobile}
        helperText={mobile.helperText ?? t('signup_steps.mobile_hint')}
      />
      <TermsCheckbox control={form.control as unknown as Control<{ gtc: boolean }>} />
      <SubmitButton busy={form.formState.isSubmitting}>
        {submitLabel ?? t('signup_steps.submit')}
      </SubmitButton>
    </>
  );
}

/** The terms to accept, linked when the installation names them (every new account's, SSO's too). */
export function TermsCheckbox({ control }: { control: Control<{ gtc: boolean }> }) {
  const termsUrl = readConfig().termsUrl;
  return (
    <CheckboxField
      control={control}
      name="gtc"
      label={
        <Trans
          i18nKey="signup_steps.gtc"
          components={{
            terms: termsUrl ? <Link href={termsUrl} target="_blank" rel="noopener" /> : <span />,
          }}
        />
      }
    />
  );
}
