import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ValidationReport } from '@signet/contracts/validation';
import { FactList } from '../../../components/fact-list.tsx';
import { verdictLook, verdictSentence } from '../../../components/signature-verdict.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';

type ReportedSignature = ValidationReport['signatures'][number];

/** One signature of the report: icon, colour and sentence together, then its facts and checks. */
export function SignatureCard({ signature, n }: { signature: ReportedSignature; n: number }) {
  const { t } = useTranslation('validate');
  const { t: tShell } = useTranslation();
  const look = verdictLook(signature.indication);
  const headingId = `signature-${n}`;
  const when = (value: string | null) => (value ? formatDateTime(value) : t('signature.none'));
  const passed = signature.checks.filter((c) => c.passed).length;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="signature-card"
      data-indication={signature.indication}
      sx={{ p: 2, borderLeft: 6, borderLeftColor: look.color, display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Typography
        id={headingId}
        variant="h3"
        sx={{ fontSize: '1.05rem', fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {t('signature.heading', { n, field: signature.fieldName })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', fontWeight: 600 }}>
        <Box aria-hidden="true" sx={{ color: look.color, display: 'flex', '& svg': { fontSize: 24 } }}>
          {look.icon}
        </Box>
        <span>{verdictSentence(tShell, signature)}</span>
      </Box>
      <FactList
        facts={[
          [
            t('signature.indication'),
            `${signature.indication}${signature.subIndication ? ` / ${signature.subIndication}` : ''}`,
          ],
          [t('signature.signer'), signature.signer?.subject ?? t('signature.none')],
          [t('signature.issuer'), signature.signer?.issuer ?? t('signature.none')],
          [t('signature.signing_time'), when(signature.signingTime)],
          [t('signature.timestamp'), when(signature.timestampTime)],
          [t('signature.revision'), String(signature.revision ?? t('signature.none'))],
          [t('signature.whole'), t(signature.coversWholeDocument ? 'signature.yes' : 'signature.no')],
          [
            t('signature.later'),
            signature.laterChangesAllowed
              ? t('signature.later_allowed')
              : t('signature.later_disallowed', { changes: signature.disallowedChanges.join('; ') }),
          ],
          [t('signature.level'), signature.level ?? t('signature.none')],
        ]}
      />
      <Box component="details">
        <Box component="summary" sx={{ cursor: 'pointer' }}>
          {t('signature.checks', { passed, total: signature.checks.length })}
        </Box>
        <Box
          component="ul"
          sx={{ m: 0, mt: 1, pl: 2.5, display: 'grid', gap: 0.5, overflowWrap: 'anywhere' }}
        >
          {signature.checks.map((check, i) => (
            <li key={`${check.name}-${i}`}>
              <strong>{check.name}</strong>: {t(check.passed ? 'signature.passed' : 'signature.failed')}
              {check.detail ? ` (${check.detail})` : ''}
            </li>
          ))}
        </Box>
      </Box>
    </Paper>
  );
}
