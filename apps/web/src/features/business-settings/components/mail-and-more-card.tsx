import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { SettingSwitch, useSaveSettings, type SettingsCardProps } from './setting-switch.tsx';

const ns = 'business-settings';
const attachmentKinds = ['signedDocument', 'signatureProtocol'] as const;

/**
 * What completion mails attach (each switch only where the plan lets the business choose:
 * `customisable`), the product-tour tool, and the affiliate programme (Signet sets it; shown only).
 */
export function MailAndMoreCard({ businessId, settings }: SettingsCardProps) {
  const { t } = useTranslation(ns);
  const { update, save, errorText } = useSaveSettings(businessId);
  const { attachments } = settings.mailService;
  return (
    <>
      <SectionCard id="mail-attachments" heading={t('mail.heading')} intro={t('mail.intro')} headingSpace={2}>
        {attachmentKinds.map((kind) => (
          <SettingSwitch
            key={kind}
            id={`attach-${kind}`}
            label={t(`mail.${kind}`)}
            help={t(attachments[kind].customisable ? `mail.${kind}_help` : 'mail.fixed')}
            checked={attachments[kind].enabled}
            disabled={update.isPending || !attachments[kind].customisable}
            onChange={(enabled) => save({ mailService: { attachments: { [kind]: { enabled } } } })}
          />
        ))}
      </SectionCard>
      <SectionCard id="more-settings" heading={t('more.heading')} headingSpace={2}>
        <SettingSwitch
          id="user-pilot"
          label={t('more.userPilot')}
          help={t('more.userPilot_help')}
          checked={settings.userPilot.enabled}
          disabled={update.isPending}
          onChange={(enabled) => save({ userPilot: { enabled } })}
        />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 500 }}>{t('more.affiliate')}</Typography>
          <Chip
            size="small"
            color={settings.affiliate.enabled ? 'success' : 'default'}
            label={t(settings.affiliate.enabled ? 'more.on' : 'more.off')}
          />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('more.affiliate_help')}
        </Typography>
        {update.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorText(update.error)}
          </Alert>
        )}
      </SectionCard>
    </>
  );
}
