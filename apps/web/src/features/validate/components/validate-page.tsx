import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PdfDropZone } from '../../../components/pdf-drop-zone.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { fetchReportPdf, useValidatePdf } from '../api/validate-pdf.ts';
import { ValidationResult } from './validation-result.tsx';

/**
 * /validate: anyone drops a PDF and reads what its signatures are worth, with the report as PDF
 * and JSON. Opened from a signature's QR code, it names the version that signature was added to
 * (a hash: the document itself is never shown to anonymous visitors).
 */
export function ValidatePage() {
  const { t } = useTranslation('validate');
  const errorText = useErrorText(['validate']);
  const { document: expected } = useSearch({ from: '/simple/validate' });
  const [file, setFile] = useState<File | null>(null);
  const validation = useValidatePdf();
  const [downloadError, setDownloadError] = useState<unknown>(null);

  const check = (picked: File | undefined) => {
    if (!picked) return;
    setFile(picked);
    setDownloadError(null);
    validation.mutate(picked);
  };
  const baseName = (file?.name ?? 'document').replace(/\.pdf$/i, '');
  const downloadPdf = async () => {
    if (!file) return;
    setDownloadError(null);
    try {
      saveBlob(await fetchReportPdf(file, currentLanguage()), `${baseName}-validation-report.pdf`);
    } catch (error) {
      setDownloadError(error);
    }
  };
  const downloadJson = () => {
    if (!validation.data) return;
    const json = JSON.stringify(validation.data, null, 2);
    saveBlob(new Blob([json], { type: 'application/json' }), `${baseName}-validation-report.json`);
  };

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {expected && (
          <Alert severity="info" data-testid="expected-document">
            <AlertTitle>{t('qr.heading')}</AlertTitle>
            {t('qr.text')}
            <Box
              component="code"
              sx={{ display: 'block', my: 1, overflowWrap: 'anywhere', fontSize: '0.85rem' }}
            >
              {expected}
            </Box>
            {t('qr.drop')}
          </Alert>
        )}
        <PdfDropZone
          label={t('drop.label')}
          heading={t('drop.heading')}
          hint={t('drop.hint')}
          pickLabel={t('drop.pick')}
          icon={<FactCheckOutlinedIcon />}
          disabled={validation.isPending}
          onFiles={(files) => check(files[0])}
        >
          <Typography variant="body2" color="text.secondary">
            {t('privacy')}
          </Typography>
        </PdfDropZone>

        <Box
          component="section"
          aria-live="polite"
          aria-busy={validation.isPending}
          sx={{ display: 'grid', gap: 2 }}
        >
          {validation.isPending && (
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Typography>{t('progress', { name: file?.name })}</Typography>
              <LinearProgress aria-label={t('progress', { name: file?.name })} />
            </Box>
          )}
          {validation.isError && (
            <Alert severity="error" role="alert" data-testid="validation-error">
              {errorText(validation.error)}
            </Alert>
          )}
          {validation.isIdle && <Typography color="text.secondary">{t('empty')}</Typography>}
          {validation.isSuccess && file && (
            <ValidationResult
              report={validation.data}
              fileName={file.name}
              expected={expected}
              onDownloadPdf={() => void downloadPdf()}
              onDownloadJson={downloadJson}
              downloadError={downloadError ? errorText(downloadError) : null}
            />
          )}
        </Box>
      </Box>
    </PageFrame>
  );
}
