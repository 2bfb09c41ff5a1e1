import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';

const ns = 'business-api';

/** A visitor as the quick start invites them: an address to replace with a real one. */
const visitor = '{"email_address":"vera@example.com","first_name":"Vera","last_name":"Visitor"}';

/**
 * The shell lines of the quick start, for this installation (the page's origin) and an API user.
 * The PDF goes in as base64 through printf (a shell builtin, so a large file meets no argument
 * limit) and a pipe; the secret stays a placeholder: the page never shows it again.
 */
function quickStartLines(origin: string, username: string) {
  return {
    setup: `SIGNET='${origin}/api'\nAUTH='${username}:YOUR_SECRET'`,
    create:
      `printf '{"title":"Contract","documents":[{"title":"contract","content":"%s"}],` +
      `"signatures":[{"signer_identity_data":${visitor}}]}' "$(base64 -w0 contract.pdf)" \\\n` +
      `  | curl -sS -u "$AUTH" -H 'content-type: application/json' --data-binary @- "$SIGNET/v3/signature-requests"`,
    send: `curl -sS -u "$AUTH" -X POST "$SIGNET/v3/signature-requests/REQUEST_ID/initiate"`,
    list: `curl -sS -u "$AUTH" "$SIGNET/v3/signature-requests"`,
    download: `curl -sS -u "$AUTH" -o signed.pdf "$SIGNET/v3/documents/DOCUMENT_ID/download"`,
  };
}

/** Create a request with a PDF and a visitor, send it, list, download the signed PDF: with curl. */
export function QuickStart({ username }: { username: string }) {
  const { t } = useTranslation(ns);
  const lines = quickStartLines(window.location.origin, username);
  const steps = (['setup', 'create', 'send', 'list', 'download'] as const).map((step) => ({
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
