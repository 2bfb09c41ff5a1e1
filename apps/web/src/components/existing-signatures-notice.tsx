import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Document } from '@signet/contracts/documents';
import { VerdictLine } from './signature-verdict.tsx';

/**
 * What Signet found about the signatures the documents already held when uploaded, shown before
 * anyone co-signs: a warning when one is broken or the file changed after a signature in ways not
 * allowed; otherwise a neutral note (a foreign signature that could not be verified is no alarm).
 */
export function ExistingSignaturesNotice({ documents }: { documents: readonly Document[] }) {
  const { t } = useTranslation();
  return documents.flatMap((document) => {
    const validation = document.validation;
    if (!validation || validation.signatures.length === 0) return [];
    const warning = validation.warning;
    return (
      <Alert
        key={document.id}
        severity={warning ? 'warning' : 'info'}
        data-testid="existing-signatures"
        role={warning ? 'alert' : 'status'}
      >
        <AlertTitle>
          {t(`signature_check.${warning ?? 'existing'}_title`, { title: document.title })}
        </AlertTitle>
        {warning && <Box sx={{ mb: 1 }}>{t(`signature_check.${warning}_text`)}</Box>}
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
          {validation.signatures.map((verdict) => (
            <li key={verdict.fieldName}>
              <VerdictLine verdict={verdict} />
            </li>
          ))}
        </Box>
      </Alert>
    );
  });
}
