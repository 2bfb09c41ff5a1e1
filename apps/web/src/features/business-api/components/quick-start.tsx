import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import { quickStartCommands } from '@signet/contracts/business-api-users';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';

const ns = 'business-api';

/** Create a request with a PDF and a visitor, send it, list, download the signed PDF: with curl. */
export function QuickStart({ username }: { username: string }) {
  const { t } = useTranslation(ns);
  const lines = quickStartCommands(window.location.origin, username);
  const steps = (['setup', 'create', 'send', 'list', 'token', 'download'] as const).map((step) => ({
    step,
    text: t(`quick_start.${step}`),
    command: lines[step],
  }));
  return (
    <SectionCard id="quick-start" heading={t('quick_start.title')} intro={t('quick_start.text')}>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 2 }}>
        {steps.map(({ step, text, command }) => (
          <Box component="li" key={step} sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {text}
            </Typography>
            <CommandBlock command={command} label={text} />
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}

function CommandBlock({ command, label }: { command: string; label: string }) {
  const { t } = useTranslation(ns);
  const onCopy = async () => {
    await navigator.clipboard.writeText(command);
    showSnackbar({ message: `${ns}:quick_start.copied`, color: 'info' });
  };
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      <Box
        component="pre"
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          p: 1,
          flex: 1,
          minWidth: 0,
          overflowX: 'auto',
          fontSize: '0.8rem',
          fontFamily: 'monospace',
        }}
      >
        <code>{command}</code>
      </Box>
      <Tooltip title={t('quick_start.copy')}>
        <IconButton
          size="small"
          aria-label={t('quick_start.copy_label', { step: label })}
          onClick={() => void onCopy()}
        >
          <ContentCopyOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
