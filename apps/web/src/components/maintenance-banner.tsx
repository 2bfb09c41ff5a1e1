import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** Spec §2: warning-style banner with icon, text and a link to the status page. */
export function MaintenanceBanner({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" role="status" sx={{ borderRadius: 0, justifyContent: 'center' }}>
      {t('shell.maintenance_banner')}{' '}
      {url && (
        <Link href={url} target="_blank" rel="noopener noreferrer" color="inherit" sx={{ fontWeight: 700 }}>
          {t('shell.maintenance_link')}
        </Link>
      )}
    </Alert>
  );
}
