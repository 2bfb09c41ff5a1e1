import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { readConfig } from '../../../lib/config.ts';
import type { DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/** The terms changed or were never accepted (spec §4): accept to go on, or log out. */
export function AcceptTermsDialog(props: DialogComponentProps) {
  const { t } = useTranslation();
  const termsUrl = readConfig().termsUrl;
  return (
    <ConfirmDialog {...props} keys="dialogs.accept-terms" action="accept" cancelLabel={null}>
      {termsUrl && (
        <Typography sx={{ mt: 2 }}>
          <Link href={termsUrl} target="_blank" rel="noopener">
            {t('dialogs.accept-terms.link')}
          </Link>
        </Typography>
      )}
    </ConfirmDialog>
  );
}

/** Leaving a page with unsaved changes. */
export function LeavePageDialog(props: DialogComponentProps) {
  return (
    <ConfirmDialog
      {...props}
      keys="dialogs.leave-page"
      action="leave"
      cancelLabel="dialogs.leave-page.stay"
      danger
    />
  );
}

/** What 21 CFR Part 11 signing records, before the user signs that way. */
export function Part11InfoDialog(props: DialogComponentProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog {...props} keys="dialogs.part11-info" action="close" cancelLabel={null}>
      <Typography component="ul" sx={{ mt: 2, pl: 3 }}>
        <li>{t('dialogs.part11-info.name')}</li>
        <li>{t('dialogs.part11-info.reason')}</li>
        <li>{t('dialogs.part11-info.time')}</li>
      </Typography>
    </ConfirmDialog>
  );
}
