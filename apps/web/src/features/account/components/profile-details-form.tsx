import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import type { User } from '@signet/contracts/accounts';
import { Language } from '@signet/contracts/common';
import { z } from 'zod';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { changeLanguage, currentLanguage, selectableLanguages } from '../../../lib/i18n.ts';
import { rules } from '../../../lib/validation.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { profileNamespace, useProfileTranslation } from '../use-profile-translation.ts';
import { AccountForm, SubmitButton, useAccountForm } from './account-form.tsx';

const DetailsForm = z.object({
  firstName: rules.required().pipe(rules.maxLength(100)),
  lastName: rules.required().pipe(rules.maxLength(100)),
  attributes: z.object({
    mobile: z.union([z.literal(''), rules.phone()]),
    lang: Language,
  }),
});
type DetailsForm = z.infer<typeof DetailsForm>;
/** The form's fields carry the names of PUT /v1/user's body, so the API's errors land on them. */
const serverFields = ['firstName', 'lastName', 'attributes.mobile', 'attributes.lang'] as const;

const formOf = (user: User): DetailsForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  attributes: { mobile: user.attributes.mobile ?? '', lang: user.attributes.lang },
});

/** Name, mobile number and language (spec §2 /profile); the language also becomes the app's. */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { t } = useProfileTranslation();
  const update = useUpdateUser();
  const { form, field, formError, submit } = useAccountForm(DetailsForm, formOf(user), serverFields, [
    profileNamespace,
  ]);
  // Italian is for direct signing only (spec §5); an account that has it keeps seeing it.
  const languages =
    user.attributes.lang === 'it' ? [...selectableLanguages, 'it' as const] : selectableLanguages;

  const onSubmit = submit(async (values) => {
    const saved = await update.mutateAsync({
      firstName: values.firstName,
      lastName: values.lastName,
      attributes: { mobile: values.attributes.mobile || null, lang: values.attributes.lang },
    });
    form.reset(formOf(saved));
    if (saved.attributes.lang !== currentLanguage() && saved.attributes.lang !== 'it')
      await changeLanguage(saved.attributes.lang);
    showSnackbar({ message: t('profile.details.saved'), color: 'success' });
  });

  return (
    <AccountForm onSubmit={onSubmit}>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('profile.details.first_name')}
          autoComplete="given-name"
          required
          {...field('firstName')}
        />
        <TextField
          label={t('profile.details.last_name')}
          autoComplete="family-name"
          required
          {...field('lastName')}
        />
      </Box>
      <TextField
        label={t('profile.details.mobile')}
        type="tel"
        autoComplete="tel"
        {...field('attributes.mobile', t('profile.details.mobile_help'))}
      />
      <TextField
        select
        label={t('profile.details.language')}
        slotProps={{ select: { native: true } }}
        {...field('attributes.lang', t('profile.details.language_help'))}
      >
        {languages.map((lang) => (
          <option key={lang} value={lang}>
            {t(`common.languages.${lang}`)}
          </option>
        ))}
      </TextField>
      <SubmitButton busy={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.details.save')}
      </SubmitButton>
    </AccountForm>
  );
}
