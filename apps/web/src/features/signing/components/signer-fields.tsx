import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input.tsx';
import { useTranslation } from 'react-i18next';
import { rules, translateValidation } from '../../../lib/validation.ts';

export interface SignerValue {
  kind: 'account' | 'visitor';
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
}

const emptySigner: SignerValue = {
  kind: 'account',
  email: '',
  firstName: '',
  lastName: '',
  mobile: '',
};

/** Field → translation key of its error, for what is filled in so far. */
function signerErrors(value: SignerValue): Partial<Record<keyof SignerValue, string>> {
  const first = (result: { error?: { issues: Array<{ message: string }> } }) =>
    result.error?.issues[0]?.message;
  const errors: Partial<Record<keyof SignerValue, string>> = {
    email: first(rules.email().safeParse(value.email)),
  };
  if (value.kind === 'visitor') {
    errors.firstName = first(rules.required().pipe(rules.maxLength(100)).safeParse(value.firstName));
    errors.lastName = first(rules.required().pipe(rules.maxLength(100)).safeParse(value.lastName));
    if (value.mobile.trim()) errors.mobile = first(rules.phone().safeParse(value.mobile));
  }
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as typeof errors;
}

/** The API's shape of a signer: an account by e-mail, or a visitor's identity data. */
export function signerInput(value: SignerValue, language: string) {
  if (value.kind === 'account') return { account_email: value.email.trim() };
  return {
    signer_identity_data: {
      email_address: value.email.trim(),
      first_name: value.firstName.trim(),
      last_name: value.lastName.trim(),
      ...(value.mobile.trim() ? { mobile_number: value.mobile.trim() } : {}),
      language,
    },
  };
}

/** Who signs: a Signet account by e-mail, or a visitor with name, e-mail and (for QES) mobile. */
export function SignerFields({
  value,
  onChange,
  showErrors,
}: {
  value: SignerValue;
  onChange: (value: SignerValue) => void;
  showErrors: boolean;
}) {
  const { t } = useTranslation('signing');
  const { t: tg } = useTranslation();
  const errors = signerErrors(value);
  const field = (name: 'email' | 'firstName' | 'lastName' | 'mobile', extra: object = {}, hint?: string) => (
    <TextInput
      label={t(`dialogs.signer.${name}`)}
      value={value[name]}
      onChange={(event) => onChange({ ...value, [name]: event.target.value })}
      error={showErrors && Boolean(errors[name])}
      helperText={(showErrors && translateValidation(tg, errors[name])) || hint}
      fullWidth
      {...extra}
    />
  );
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <RadioGroup
        row
        aria-label={t('dialogs.signer.kind')}
        value={value.kind}
        onChange={(event) => onChange({ ...value, kind: event.target.value as SignerValue['kind'] })}
      >
        <FormControlLabel value="account" control={<Radio />} label={t('dialogs.signer.account')} />
        <FormControlLabel value="visitor" control={<Radio />} label={t('dialogs.signer.visitor')} />
      </RadioGroup>
      {field('email', { type: 'email', required: true, autoFocus: true, autoComplete: 'off' })}
      {value.kind === 'visitor' && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('firstName', { required: true })}
            {field('lastName', { required: true })}
          </Stack>
          {field('mobile', { type: 'tel', autoComplete: 'off' }, t('dialogs.signer.mobile_hint'))}
        </>
      )}
    </Stack>
  );
}

export function useSignerForm() {
  const [value, setValue] = useState<SignerValue>(emptySigner);
  const [showErrors, setShowErrors] = useState(false);
  return { value, setValue, showErrors, setShowErrors, valid: Object.keys(signerErrors(value)).length === 0 };
}
