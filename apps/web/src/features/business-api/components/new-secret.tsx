import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../../../components/snackbar-store.ts';

const ns = 'business-api';

/** A secret just made, with what it belongs to (the title above it). */
export interface FreshSecret {
  title: string;
  secret: string;
}

/**
 * A secret just made (an API user's, a webhook endpoint's, the callbacks'): shown this once, with a
 * copy button and the warning that it cannot be shown again.
 */
export function NewSecret({ title, secret, onDone }: { title: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation(ns);
  const onCopy = async () => {
    await navigator.clipboard.writeText(secret);
    showSnackbar({ message: `${ns}:secret.copied`, color: 'info' });
  };
  return (
    <Alert
      severity="warning"
      role="region"
      aria-labelledby="new-secret-title"
      sx={{ overflowWrap: 'anywhere' }}
    >
      <AlertTitle id="new-secret-title">{title}</AlertTitle>
      <Typography variant="body2">{t('secret.warning')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', my: 1.5 }}>
        <Typography
          component="code"
          data-testid="api-secret"
          sx={{ fontFamily: 'monospace', bgcolor: 'background.paper', px: 1, py: 0.5, borderRadius: 1 }}
        >
          {secret}
        </Typography>
        <Button size="small" startIcon={<ContentCopyOutlinedIcon />} onClick={() => void onCopy()}>
          {t('secret.copy')}
        </Button>
      </Box>
      <Button variant="contained" color="warning" size="small" onClick={onDone}>
        {t('secret.done')}
      </Button>
    </Alert>
  );
}
