import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import { Legislation } from '@signet/contracts/common';
import { retentionDaysMax, retentionDaysMin, UserAttributes, type User } from '@signet/contracts/accounts';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { SectionCard } from '../../../components/section-card.tsx';
import { rules } from '../../../lib/validation.ts';
import { useProfileTranslation } from '../use-profile-translation.ts';
import { ProfileForm, useProfileForm, type ProfileFormSpec } from './profile-form.tsx';
import { ProfileFrame } from './profile-page.tsx';

const NotificationLevel = UserAttributes.shape.email_notification_level;
const DefaultQuality = UserAttributes.shape.default_quality;
const levels = NotificationLevel.options;

const SettingsSchema = z.object({
  attributes: z.object({
    email_notification_level: NotificationLevel,
    default_quality: DefaultQuality,
    default_legislation: Legislation,
    p11_signing_name: rules.maxLength(100),
    p11_signing_reason: rules.maxLength(200),
  }),
  retention: z.object({
    enabled: z.boolean(),
    // Typed as text, checked here and by the API (which names `retention.days` when it refuses).
    days: rules.integer().refine((value) => {
      const days = Number(value);
      return value.trim() !== '' && days >= retentionDaysMin && days <= retentionDaysMax;
    }, `settings.retention.days_range:${retentionDaysMax}`),
  }),
});
type SettingsValues = z.infer<typeof SettingsSchema>;
const settingsForm: ProfileFormSpec<SettingsValues> = {
  schema: SettingsSchema,
  formOf: (user) => ({
    attributes: {
      email_notification_level: user.attributes.email_notification_level,
      default_quality: user.attributes.default_quality,
      default_legislation: user.attributes.default_legislation,
      p11_signing_name: user.attributes.p11_signing_name ?? '',
      p11_signing_reason: user.attributes.p11_signing_reason ?? '',
    },
    retention: { enabled: user.retention.enabled, days: String(user.retention.days) },
  }),
  serverFields: [
    'attributes.email_notification_level',
    'attributes.default_quality',
    'attributes.default_legislation',
    'attributes.p11_signing_name',
    'attributes.p11_signing_reason',
    'retention.enabled',
    'retention.days',
  ],
  bodyOf: (values) => ({
    attributes: values.attributes,
    retention: { enabled: values.retention.enabled, days: Number(values.retention.days) },
  }),
};

/** The defaults of new requests (`attributes.default_<name>`), each a select: its options and their texts. */
const defaultSelects = [
  { name: 'quality', options: DefaultQuality.options, labels: 'qualities' },
  { name: 'legislation', options: Legislation.options, labels: 'legislations' },
] as const;

/** A card of the settings: `settings.<name>.heading`, introduced by `.intro` where it has one. */
function SettingsSection({
  name,
  intro = true,
  headingSpace,
  children,
}: {
  name: 'notifications' | 'defaults' | 'part11' | 'retention';
  intro?: boolean;
  headingSpace?: number;
  children: ReactNode;
}) {
  const { t } = useProfileTranslation();
  return (
    <SectionCard
      id={`settings-${name}`}
      heading={t(`settings.${name}.heading`)}
      intro={intro ? t(`settings.${name}.intro`) : undefined}
      headingSpace={headingSpace}
    >
      {children}
    </SectionCard>
  );
}

function SettingsForm({ user }: { user: User }) {
  const { t } = useProfileTranslation();
  const { form, field, frame } = useProfileForm(user, settingsForm, { text: t('settings.saved') });
  const retentionOn = form.watch('retention.enabled');
  const range = { min: retentionDaysMin, max: retentionDaysMax };

  return (
    <ProfileForm {...frame} save={t('settings.save')}>
      <SettingsSection name="notifications">
        <Controller
          control={form.control}
          name="attributes.email_notification_level"
          render={({ field: level }) => (
            <RadioGroup {...level} aria-labelledby="settings-notifications">
              {levels.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Box component="span" sx={{ display: 'block', pt: 0.75 }}>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                        {t(`settings.notifications.${value}`)}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t(`settings.notifications.${value}_help`)}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          )}
        />
      </SettingsSection>
      <SettingsSection name="defaults" headingSpace={2}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {defaultSelects.map(({ name, options, labels }) => (
            <TextField
              key={name}
              select
              label={t(`settings.defaults.${name}`)}
              slotProps={{ select: { native: true } }}
              {...field(`attributes.default_${name}`)}
            >
              {options.map((option) => (
                <option key={option} value={option}>
                  {t(`settings.defaults.${labels}.${option}`)}
                </option>
              ))}
            </TextField>
          ))}
        </Box>
      </SettingsSection>
      <SettingsSection name="part11" headingSpace={2}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput
            label={t('settings.part11.name')}
            {...field('attributes.p11_signing_name', t('settings.part11.name_help'))}
          />
          <TextInput
            label={t('settings.part11.reason')}
            multiline
            minRows={2}
            {...field('attributes.p11_signing_reason', t('settings.part11.reason_help'))}
          />
        </Box>
      </SettingsSection>
      <SettingsSection name="retention" intro={false}>
        <Controller
          control={form.control}
          name="retention.enabled"
          render={({ field: enabled }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={enabled.value}
                  onChange={(event) => enabled.onChange(event.target.checked)}
                  slotProps={{ input: { ref: enabled.ref, 'aria-describedby': 'retention-help' } }}
                />
              }
              label={t('settings.retention.enabled')}
            />
          )}
        />
        <Typography id="retention-help" variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {t('settings.retention.help')}
        </Typography>
        <TextInput
          label={t('settings.retention.days')}
          inputMode="numeric"
          disabled={!retentionOn}
          sx={{ maxWidth: 340 }}
          {...field('retention.days', t('settings.retention.days_help', range))}
        />
      </SettingsSection>
    </ProfileForm>
  );
}

/** /profile/settings (spec §2): notifications, defaults for new requests, Part 11, automatic deletion. */
export function SettingsPage() {
  const { t } = useProfileTranslation();
  return (
    <ProfileFrame title={t('titles.profile-settings')} subtitle={t('settings.subtitle')}>
      {(user) => (
        <Box sx={{ maxWidth: 720 }}>
          <SettingsForm key={user.id} user={user} />
        </Box>
      )}
    </ProfileFrame>
  );
}
