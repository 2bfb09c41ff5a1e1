import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { maxDocumentBytes, maxRequestBytes } from '@signet/contracts/documents';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PdfDropZone } from '../../../components/pdf-drop-zone.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useCreateDraft } from '../api/create-draft.ts';
import { useUploads } from '../hooks/use-uploads.ts';
import {
  draftTitle,
  formatBytes,
  maxDocumentsPerRequest,
  uploadSummary,
  type UploadItem,
} from '../upload-files.ts';

/**
 * Step one of /upload: pick or drop PDFs; each uploads with its own progress bar and shows its own
 * error; then a draft request is made of the uploaded ones and the editor opens it (`?sr=`).
 * `discard` deletes a document the user took off the list again (the route passes the documents call).
 */
export function UploadPage({ discard }: { discard: (documentId: string) => Promise<void> }) {
  const { t } = useTranslation('upload');
  const navigate = useNavigate();
  const { items, add, remove, retryWithPassword, keep } = useUploads(discard);
  const draft = useCreateDraft();
  const summary = uploadSummary(items);
  const language = currentLanguage();

  const onContinue = () =>
    draft.mutate(
      { title: draftTitle(items), documentIds: summary.done.map((item) => item.document!.id) },
      {
        onSuccess: (request) => {
          keep();
          void navigate({ to: '/upload', search: { sr: request.id } });
        },
      },
    );

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <PdfDropZone
        label={t('drop.label')}
        heading={t('drop.heading')}
        hint={t('drop.limits', {
          document: formatBytes(maxDocumentBytes, language),
          request: formatBytes(maxRequestBytes, language),
          count: maxDocumentsPerRequest,
        })}
        pickLabel={t('drop.pick')}
        icon={<CloudUploadOutlinedIcon />}
        multiple
        onFiles={(files) => void add(files)}
      />

      {items.length > 0 && (
        <Paper variant="outlined" sx={{ mt: 3 }}>
          <Box component="ul" aria-label={t('files.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((item) => (
              <FileRow
                key={item.key}
                item={item}
                language={language}
                onRemove={() => remove(item.key)}
                onPassword={(password) => retryWithPassword(item.key, password)}
              />
            ))}
          </Box>
        </Paper>
      )}

      {draft.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t(
            isApiError(draft.error) && draft.error.statusCode === 413
              ? 'continue.too_large'
              : 'continue.failed',
          )}
        </Alert>
      )}

      {items.length > 0 && (
        <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button
            variant="contained"
            size="large"
            disabled={!summary.canContinue || draft.isPending || draft.isSuccess}
            onClick={onContinue}
          >
            {draft.isPending || draft.isSuccess ? t('continue.creating') : t('continue.button')}
          </Button>
          <Typography variant="body2" color="text.secondary" role="status">
            {summary.busy
              ? t('continue.wait')
              : summary.done.length
                ? t('continue.ready', { count: summary.done.length })
                : t('continue.nothing')}
          </Typography>
        </Box>
      )}
    </PageFrame>
  );
}

function FileRow({
  item,
  language,
  onRemove,
  onPassword,
}: {
  item: UploadItem;
  language: string;
  onRemove: () => void;
  onPassword: (password: string) => void;
}) {
  const { t } = useTranslation('upload');
  const nameId = useId();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const noticeId = useId();
  // A user password opens a protected PDF; an owner password lifts restrictions that forbid signing.
  const passwordKind =
    item.error === 'password_required' || item.error === 'password_wrong'
      ? 'user'
      : item.error === 'not_signable' || item.error === 'owner_password_wrong'
        ? 'owner'
        : null;
  return (
    <Box
      component="li"
      data-testid="upload-item"
      data-status={item.status}
      aria-labelledby={nameId}
      aria-describedby={item.error ? errorId : undefined}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        columnGap: 1.5,
        alignItems: 'center',
        px: { xs: 1.5, sm: 2 },
        py: 1.5,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box aria-hidden="true" sx={{ color: item.error ? 'error.main' : 'primary.main', display: 'flex' }}>
        {item.error ? (
          <ErrorOutlinedIcon />
        ) : item.status === 'done' ? (
          <CheckCircleIcon color="success" />
        ) : (
          <PictureAsPdfOutlinedIcon />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography id={nameId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatBytes(item.size, language)}
          {' · '}
          {t(`status.${item.error ? 'error' : item.status}`)}
          {item.status === 'done' && item.document
            ? ` · ${t('files.pages', { count: item.document.pageCount })}`
            : ''}
        </Typography>
        {(item.status === 'uploading' || item.status === 'queued') && (
          <LinearProgress
            variant={item.status === 'queued' ? 'indeterminate' : 'determinate'}
            value={Math.round(item.progress * 100)}
            aria-label={t('files.progress', { name: item.name })}
            sx={{ mt: 1, height: 6, borderRadius: 3 }}
          />
        )}
        {item.error && (
          <Typography id={errorId} variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
            {t(`errors.${item.error}`)}
          </Typography>
        )}
        {passwordKind && (
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (password) onPassword(password);
            }}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'flex-start' }}
          >
            {/* Said before the password is sent: the signed PDF will not be protected. */}
            <Typography id={noticeId} variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
              {t('files.unprotected_copy')}
            </Typography>
            <TextInput
              type="password"
              size="small"
              label={t(passwordKind === 'user' ? 'files.password' : 'files.owner_password')}
              value={password}
              autoComplete="off"
              onChange={(event) => setPassword(event.target.value)}
              slotProps={{ htmlInput: { 'aria-describedby': noticeId } }}
              sx={{ maxWidth: 260 }}
            />
            <Button type="submit" variant="outlined" disabled={!password}>
              {t(passwordKind === 'user' ? 'files.unlock' : 'files.lift')}
            </Button>
          </Box>
        )}
      </Box>
      <IconButton
        onClick={onRemove}
        aria-label={t('files.remove', { name: item.name })}
        title={t('files.remove', { name: item.name })}
      >
        <CloseIcon />
      </IconButton>
    </Box>
  );
}
