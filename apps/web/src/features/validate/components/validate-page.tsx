import { useId, useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { dashedPanel, PageFrame } from '../../../components/page-frame.tsx';
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
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const validation = useValidatePdf();
  const [downloadError, setDownloadError] = useState<unknown>(null);

  const check = (picked: File | undefined) => {
    if (!picked) return;
    setFile(picked);
    setDownloadError(null);
    validation.mutate(picked);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    check(event.dataTransfer.files[0]);
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
        <Box
          component="section"
          aria-label={t('drop.label')}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
          sx={{
            ...dashedPanel,
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'background.paper',
          }}
        >
          <Box aria-hidden="true" sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }}>
            <FactCheckOutlinedIcon />
          </Box>
          <Typography variant="h2">{t('drop.heading')}</Typography>
          <Typography id={hintId} color="text.secondary">
            {t('drop.hint')}
          </Typography>
          <Button
            variant="contained"
            onClick={() => input.current?.click()}
            aria-describedby={hintId}
            disabled={validation.isPending}
          >
            {t('drop.pick')}
          </Button>
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            hidden
            data-testid="file-input"
            aria-label={t('drop.pick')}
            onChange={(event) => {
              const picked = event.target.files?.[0];
              event.target.value = '';
              check(picked);
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('privacy')}
          </Typography>
        </Box>

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
