import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { ValidationReport } from '@signet/contracts/validation';
import { FactList } from '../../../components/fact-list.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';
import { SignatureCard } from './signature-card.tsx';

interface ValidationResultProps {
  report: ValidationReport;
  fileName: string;
  /** The SHA-256 a QR code named, when the page was opened from one. */
  expected: string | undefined;
  onDownloadPdf: () => void;
  onDownloadJson: () => void;
  downloadError: string | null;
}

/** The report of one dropped file: its facts, one card per signature, the downloads, the trust list. */
export function ValidationResult(props: ValidationResultProps) {
  const { report, fileName, expected } = props;
  const { t } = useTranslation('validate');
  const revision = expected ? report.document.revisionSha256.indexOf(expected) + 1 : 0;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }} data-testid="validation-report">
      <Typography variant="h2" sx={{ fontSize: '1.3rem', overflowWrap: 'anywhere' }}>
        {t('report.heading', { name: fileName })}
      </Typography>
      {expected && (
        <Alert severity={revision > 0 ? 'success' : 'warning'} data-testid="expected-match">
          {revision > 0 ? t('qr.match', { revision }) : t('qr.mismatch')}
        </Alert>
      )}
      <FactList
        facts={[
          [t('report.sha256'), <code key="sha">{report.document.sha256}</code>],
          [t('report.revisions'), String(report.document.revisionCount)],
          [t('report.time'), formatDateTime(report.validationTime)],
          [t('report.policy'), report.policy],
        ]}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<DownloadOutlined />} onClick={props.onDownloadPdf}>
          {t('download.pdf')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={props.onDownloadJson}>
          {t('download.json')}
        </Button>
      </Box>
      {props.downloadError && (
        <Alert severity="error" role="alert">
          {props.downloadError}
        </Alert>
      )}
      {report.signatures.length === 0 && <Alert severity="info">{t('report.none')}</Alert>}
      {report.signatures.map((signature, i) => (
        <SignatureCard key={`${signature.fieldName}-${i}`} signature={signature} n={i + 1} />
      ))}
      <Box component="section" aria-labelledby="trust-list" sx={{ display: 'grid', gap: 1 }}>
        <Typography id="trust-list" variant="h2" sx={{ fontSize: '1.15rem' }}>
          {t('trust.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {report.trustList.length > 0 ? t('trust.text') : t('trust.empty')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
          {report.trustList.map((anchor) => (
            <li key={anchor.sha256Fingerprint}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {anchor.subject} ({t(`trust.${anchor.source}`)})
              </Typography>
              <Typography
                component="code"
                variant="body2"
                color="text.secondary"
                sx={{ overflowWrap: 'anywhere', display: 'block' }}
              >
                {anchor.sha256Fingerprint}
              </Typography>
            </li>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
