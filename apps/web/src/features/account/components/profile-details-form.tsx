import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { TextInput } from '../../../components/text-input.tsx';
import type { User } from '@signet/contracts/accounts';
import { Language, legislations } from '@signet/contracts/common';
import { z } from 'zod';
import { changeLanguage, currentLanguage, selectableLanguages } from '../../../lib/i18n.ts';
import { rules } from '../../../lib/validation.ts';
import { useProfileTranslation } from '../use-profile-translation.ts';
import { NameFields } from './account-form.tsx';
import { ProfileForm, useProfileForm, type ProfileFormSpec } from './profile-form.tsx';

const DetailsForm = z.object({
  firstName: rules.required().pipe(rules.maxLength(100)),
  lastName: rules.required().pipe(rules.maxLength(100)),
  attributes: z.object({
    mobile: z.union([z.literal(''), rules.phone()]),
    lang: Language,
  }),
});
type DetailsForm = z.infer<typeof DetailsForm>;

const detailsForm: ProfileFormSpec<DetailsForm> = {
  schema: DetailsForm,
  formOf: (user) => ({
    firstName: user.firstName,
    lastName: user.lastName,
    attributes: { mobile: user.attributes.mobile ?? '', lang: user.attributes.lang },
  }),
  serverFields: ['firstName', 'lastName', 'attributes.mobile', 'attributes.lang'],
  bodyOf: (values) => ({
    firstName: values.firstName,
    lastName: values.lastName,
    attributes: { mobile: values.attributes.mobile || null, lang: values.attributes.lang },
  }),
};

/** Name, mobile number and language (spec §2 /profile); the language also becomes the app's. */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { t } = useProfileTranslation();
  const { form, field, frame } = useProfileForm(user, detailsForm, {
    text: t('profile.details.saved'),
    then: async (saved) => {
      if (saved.attributes.lang !== currentLanguage() && saved.attributes.lang !== 'it')
        await changeLanguage(saved.attributes.lang);
    },
  });
  // Italian is for direct signing only (spec §5); an account that has it keeps seeing it.
  const languages =
    user.attributes.lang === 'it' ? [...selectableLanguages, 'it' as const] : selectableLanguages;
  const [firstName, lastName] = form.watch(['firstName', 'lastName']);
  const renamed = firstName.trim() !== user.firstName.trim() || lastName.trim() !== user.lastName.trim();

  return (
    <ProfileForm {...frame} save={t('profile.details.save')}>
      <NameFields
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        first={{ label: t('profile.details.first_name'), required: true, ...field('firstName') }}
        last={{ label: t('profile.details.last_name'), required: true, ...field('lastName') }}
      />
      {renamed && <QesRelockWarning user={user} />}
      <TextInput
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
    </ProfileForm>
  );
}

/**
 * Said before a new name is saved: a qualified signature rests on an identification whose verified
 * name matches the account's (the API checks it under the current name), so the legislations it
 * unlocked would need a new identification.
 */
function QesRelockWarning({ user }: { user: User }) {
  const { t, i18n } = useProfileTranslation();
  const unlocked = legislations.filter((legislation) => user.signatureQualities.qes[legislation]);
  if (unlocked.length === 0) return null;
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    unlocked.map((legislation) => t(`settings.defaults.legislations.${legislation}`)),
  );
  return (
    <Alert severity="warning" role="status">
      {t('profile.details.qes_relock', { legislations: names })}
    </Alert>
  );
}
