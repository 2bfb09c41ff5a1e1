import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Indication, SignatureVerdict } from '@signet/contracts/validation';

// How a signature's verdict reads everywhere it is shown (editor, signing view, /validate): an
// icon, a colour and a sentence, so that the colour is never the only carrier of the meaning.

const looks: Record<
  Indication,
  { color: 'success.main' | 'error.main' | 'text.secondary'; icon: ReactNode }
> = {
  'TOTAL-PASSED': { color: 'success.main', icon: <CheckCircleOutlined /> },
  'TOTAL-FAILED': { color: 'error.main', icon: <ErrorOutlined /> },
  INDETERMINATE: { color: 'text.secondary', icon: <HelpOutlineOutlined /> },
};

export function verdictLook(indication: Indication) {
  return looks[indication];
}

/** "Valid signature by …", "Broken signature by …: why", "Signature by … could not be verified: why". */
export function verdictSentence(t: TFunction, verdict: SignatureVerdict): string {
  const who =
    verdict.kind === 'document-timestamp'
      ? t('signature_check.timestamp')
      : (/CN=([^,\n]+)/.exec(verdict.signer?.subject ?? '')?.[1] ?? t('signature_check.unknown_signer'));
  const reason = verdict.subIndication ? t(`signature_check.reasons.${verdict.subIndication}`) : '';
  const key = { 'TOTAL-PASSED': 'passed', 'TOTAL-FAILED': 'failed', INDETERMINATE: 'indeterminate' }[
    verdict.indication
  ];
  return t(`signature_check.${key}`, { who, reason });
}

/** One verdict as a line: icon and sentence. */
export function VerdictLine({ verdict }: { verdict: SignatureVerdict }) {
  const { t } = useTranslation();
  const look = verdictLook(verdict.indication);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box aria-hidden="true" sx={{ color: look.color, display: 'flex', '& svg': { fontSize: 20 } }}>
        {look.icon}
      </Box>
      <span>{verdictSentence(t, verdict)}</span>
    </Box>
  );
}
