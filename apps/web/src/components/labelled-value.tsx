import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from './snackbar-store.ts';

/**
 * One term and its value in a `<dl>`, the value in monospace (a DNS record, a redirect URI), with a
 * copy button when the admin is to paste it elsewhere.
 */
export function LabelledValue({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  const { t } = useTranslation();
  const onCopy = async () => {
    await navigator.clipboard.writeText(value);
    showSnackbar({ message: 'common.copied', color: 'info' });
  };
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Typography
          component="code"
          variant="body2"
          sx={{
            fontFamily: 'monospace',
            overflowWrap: 'anywhere',
            bgcolor: 'action.hover',
            px: 1,
            py: 0.5,
            borderRadius: 1,
          }}
        >
          {value}
        </Typography>
        {copy && (
          <Tooltip title={t('common.copy_what', { what: label })}>
            <IconButton
              size="small"
              aria-label={t('common.copy_what', { what: label })}
              onClick={() => void onCopy()}
            >
              <ContentCopyOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    </>
  );
}
