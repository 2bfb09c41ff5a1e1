import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import { TextInput } from '../../../components/text-input.tsx';
import type { BusinessSettings } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { FormFooter } from './query-content.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useUpdateSettings } from '../../../lib/api/business-settings.ts';

const ns = 'business-settings';
// Both optional: an empty field clears the contact (null).
const emailRule = rules.email();
const phoneRule = rules.phone();

/** Spec §5: an invalid stored e-mail or phone arrives blank (the API blanks it on load). */
export function SupportContactCard({
  businessId,
  settings,
}: {
  businessId: string;
  settings: BusinessSettings;
}) {
  const { t } = useTranslation(ns);
  // The form rules' messages are the app's (validation.*).
  const { t: common } = useTranslation();
  const update = useUpdateSettings(businessId);
  const [email, setEmail] = useState(settings.supportContact.email ?? '');
  const [phone, setPhone] = useState(settings.supportContact.phone ?? '');
  const [touched, setTouched] = useState(false);
  const problemOf = (value: string, rule: typeof emailRule | typeof phoneRule) => {
    if (!value.trim()) return undefined;
    const checked = rule.safeParse(value);
    return checked.success ? undefined : translateValidation(common, checked.error.issues[0]?.message);
  };
  const emailProblem = problemOf(email, emailRule);
  const phoneProblem = problemOf(phone, phoneRule);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (emailProblem || phoneProblem) return;
    update.mutate(
      { supportContact: { email: email.trim() || null, phone: phone.trim() || null } },
      {
        onSuccess: () => {
          setTouched(false);
          showSnackbar({ message: `${ns}:saved`, color: 'success' });
        },
      },
    );
  };
  return (
    <SectionCard
      id="support-contact"
      heading={t('support.heading')}
      intro={t('support.intro')}
      headingSpace={2}
    >
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextInput
            label={t('support.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={touched && Boolean(emailProblem)}
            helperText={(touched && emailProblem) || t('support.optional')}
            slotProps={{ htmlInput: { autoComplete: 'email', autoCapitalize: 'none' } }}
          />
          <TextInput
            label={t('support.phone')}
            type="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={touched && Boolean(phoneProblem)}
            helperText={(touched && phoneProblem) || t('support.phone_hint')}
            slotProps={{ htmlInput: { autoComplete: 'tel' } }}
          />
        </Box>
        <FormFooter error={update.error} pending={update.isPending} label={t('support.save')} />
      </Box>
    </SectionCard>
  );
}
