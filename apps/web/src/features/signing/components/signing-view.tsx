import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@signet/contracts/endpoint';
import type { requestParticipantEndpoints } from '@signet/contracts/endpoints/request-participants';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../components/dialog-store.ts';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { signatureRequestKey, useSignatureRequest } from '../../../lib/api/get-signature-request.ts';
import { accessKey, type SigningAccess } from '../../../lib/signing-access.ts';
import { download, type Download } from '../api/download.ts';
import { useEvents } from '../api/get-events.ts';
import { requestActions, type AddSignerInput, type DelegateInput } from '../api/request-actions.ts';
import { endSigning, startSigning, type SigningFlowOptions } from '../signing-flow.ts';
import { useUsableSeals } from '../api/usable-seals.ts';
import { DocumentPages, type PageHighlight } from './document-pages.tsx';
import { SealButton } from './seal-button.tsx';
import { EventsTimeline, SignersList, signerName } from './request-details.tsx';
import { ExistingSignaturesNotice } from '../../../components/existing-signatures-notice.tsx';
import { RequestBusiness } from './request-business.tsx';

export interface SigningViewProps {
  access: SigningAccess;
  requestId: string;
  /** The signed-in user (null for a visitor): who owns, who signs. */
  viewer: { userId: string; email: string } | null;
  flow?: Omit<SigningFlowOptions, 'access' | 'onSettled'>;
  onDeclined?: (result: ResponseOf<typeof requestParticipantEndpoints.declineSignature>) => void;
  onDeleted?: () => void;
  /** Shown above the document (direct sign: the countdown after a decline). */
  banner?: ReactNode;
}

// Filled chips whose white text keeps the contrast axe asks for (info and warning do not).
const statusColor = {
  DRAFT: 'default',
  OPEN: 'primary',
  SIGNED: 'success',
  DECLINED: 'error',
  WITHDRAWN: 'default',
} as const;

/**
 * An action of the view that goes through a dialog: the dialog, the action it reports, the call its
 * value makes, and the snackbar texts when it is done or failed.
 */
interface DialogAction {
  dialog: string;
  action: string;
  run: (value: unknown) => Promise<unknown>;
  done: string;
  failed: string;
}

/** Reports a failed action as a snackbar, with the API's reason, and keeps the dialog open. */
function handled(error: unknown, fallback: string): never {
  showSnackbar({
    message: isApiError(error) && error.statusCode === 429 ? 'signing:view.too_often' : fallback,
    color: 'error',
  });
  const handledError = new Error(error instanceof Error ? error.message : String(error));
  handledError.name = 'HandledError';
  throw handledError;
}

function mySignature(request: SignatureRequest, access: SigningAccess, viewer: SigningViewProps['viewer']) {
  if (access.kind === 'direct') return request.signatures.find((s) => s.sid === access.signerId) ?? null;
  const email = viewer?.email.toLowerCase();
  return request.signatures.find((s) => s.account_email?.toLowerCase() === email) ?? null;
}

/** /view/{srid} and the direct-sign view: the document, who signs, what happened, and what one may do. */
export function SigningView({
  access,
  requestId,
  viewer,
  flow,
  onDeclined,
  onDeleted,
  banner,
}: SigningViewProps) {
  const { t } = useTranslation('signing');
  const queryClient = useQueryClient();
  const requestQuery = useSignatureRequest(access, requestId);
  const events = useEvents(access, requestId);
  const [downloadAnchor, setDownloadAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => () => endSigning(), []);
  const seals = useUsableSeals(access.kind === 'user');

  // After signing or any other change: the request wherever it is cached (the editor's copy too), and
  // the history.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: signatureRequestKey(requestId) });
    void queryClient.invalidateQueries({ queryKey: ['signing', accessKey(access)] });
  };
  const request = requestQuery.data;
  const me = request ? mySignature(request, access, viewer) : null;
  const isOwner = Boolean(viewer && request && request.owner.id === viewer.userId);

  const highlights = useMemo<PageHighlight[]>(
    () =>
      (request?.signatures ?? []).flatMap((signature) =>
        signature.status_code === 'OPEN'
          ? signature.visual_signatures.map((visual) => ({
              documentId: visual.document_id,
              position: visual.position,
              mine: signature.sid === me?.sid,
              label: signature.sid === me?.sid ? t('view.your_field') : signerName(signature),
            }))
          : [],
      ),
    [request, me?.sid, t],
  );

  if (requestQuery.isPending)
    return (
      <Box aria-busy="true" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography id="page-title" variant="h1" tabIndex={-1}>
          <Skeleton width="60%" />
        </Typography>
        <Skeleton variant="rectangular" height={400} aria-label={t('view.loading')} />
      </Box>
    );
  if (!request) {
    const status = isApiError(requestQuery.error) ? requestQuery.error.statusCode : 0;
    // A refused direct-sign link (401) is, for its visitor, a request that is not there.
    const missing = status === 401 || status === 403 || status === 404;
    return (
      <Box sx={{ textAlign: 'center' }}>
        <Typography id="page-title" variant="h1" tabIndex={-1} sx={{ mb: 2 }}>
          {t(missing ? 'view.not_found_title' : 'view.failed_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t(missing ? 'view.not_found' : 'view.failed')}
        </Typography>
        {!missing && <Button onClick={() => void requestQuery.refetch()}>{t('overlays.retry')}</Button>}
      </Box>
    );
  }

  const actions = requestActions(access, request.id);
  const open = request.status_overall === 'OPEN';
  const canSign = open && me?.status_code === 'OPEN' && me.can_sign_now;
  const sign = () =>
    startSigning(
      { ...flow, access, onSettled: refresh },
      { ids: [request.id], part11: me?.quality === 'part11', qes: me?.quality === 'qes' },
    );
  const seal = (sealAccountName: string) =>
    startSigning({ ...flow, access, onSettled: refresh }, { ids: [request.id], sealAccountName });

  const declineDialog = () =>
    openDialog({
      namespace: 'general',
      name: 'decline-signing-request',
      props: { requestId: request.id },
      onAction: async (action, value) => {
        if (action !== 'decline') return;
        const result = await actions
          .decline(typeof value === 'string' ? value.trim() : '')
          .catch((error: unknown) => handled(error, 'signing:view.decline_failed'));
        refresh();
        showSnackbar({ message: 'signing:view.declined', color: 'success' });
        onDeclined?.(result);
      },
    });

  /** Opens the action's dialog; its value makes the call, then the request is read again. */
  const withDialog = ({ dialog, action, run, done, failed }: DialogAction, props?: Record<string, unknown>) =>
    openDialog({
      namespace: 'document',
      name: dialog,
      props,
      onAction: async (chosen, value) => {
        if (chosen !== action) return;
        await run(value).catch((error: unknown) => handled(error, failed));
        refresh();
        showSnackbar({ message: done, color: 'success' });
      },
    });
  const dialogs = {
    delegate: {
      dialog: 'delegate',
      action: 'delegate',
      run: (value) => actions.delegate(value as DelegateInput),
      done: 'signing:view.delegated',
      failed: 'signing:view.delegate_failed',
    },
    addSigner: {
      dialog: 'add-signer',
      action: 'add',
      run: (value) => actions.addSigner(value as AddSignerInput),
      done: 'signing:view.signer_added',
      failed: 'signing:view.add_signer_failed',
    },
    addObserver: {
      dialog: 'add-observer',
      action: 'add',
      run: (value) => actions.addObserver(String(value)),
      done: 'signing:view.observer_added',
      failed: 'signing:view.add_observer_failed',
    },
    withdraw: {
      dialog: 'withdraw',
      action: 'withdraw',
      run: (value) => actions.withdraw(String(value ?? '')),
      done: 'signing:view.withdrawn',
      failed: 'signing:view.withdraw_failed',
    },
  } satisfies Record<string, DialogAction>;
  const dialogButton = (label: string, dialogAction: DialogAction, color?: 'error') => (
    <Button variant="outlined" color={color} onClick={() => withDialog(dialogAction)}>
      {t(label)}
    </Button>
  );

  const visualData = () =>
    openDialog({
      namespace: 'document',
      name: 'visual-signature-data',
      props: {
        rows: [
          [t('visual.name'), me ? signerName(me) : ''],
          [t('visual.quality'), t(`quality.${me?.quality ?? request.quality}`)],
          [t('visual.legislation'), request.legislation === 'zertes' ? 'ZertES' : 'eIDAS'],
          [
            t('visual.placement'),
            me && me.visual_signatures.length > 0
              ? me.visual_signatures
                  .map((v) =>
                    t('visual.where', {
                      page: v.position.page,
                      width: v.position.width,
                      height: v.position.height,
                    }),
                  )
                  .join('; ')
              : t('visual.invisible'),
          ],
        ],
      },
    });

  const runDownload = (what: Download, filename: string) => {
    setDownloadAnchor(null);
    download(access, request.id, what, filename).catch(() =>
      showSnackbar({ message: 'signing:view.download_failed', color: 'error' }),
    );
  };

  const statusText = (() => {
    if (request.status_overall !== 'OPEN') return t(`status_text.${request.status_overall}`);
    if (!me) return t('status_text.OPEN_viewer');
    if (me.status_code === 'SIGNED') return t('status_text.you_signed');
    if (me.status_code === 'DECLINED') return t('status_text.you_declined');
    return me.can_sign_now ? t('status_text.your_turn') : t('status_text.not_your_turn');
  })();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box>
        <RequestBusiness access={access} businessId={request.owner.business_id} />
        <Typography
          id="page-title"
          variant="h1"
          tabIndex={-1}
          sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.6rem', md: '2rem' } }}
        >
          {request.title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
          <Chip
            data-testid="request-status"
            color={statusColor[request.status_overall]}
            label={t(`status.${request.status_overall}`)}
          />
          <Chip variant="outlined" label={t(`quality.${request.quality}`)} />
          <Chip variant="outlined" label={request.legislation === 'zertes' ? 'ZertES' : 'eIDAS'} />
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('view.from', { name: `${request.owner.first_name} ${request.owner.last_name}`.trim() })}
          </Typography>
        </Stack>
      </Box>
      {banner}
      <Alert
        severity={canSign ? 'info' : request.status_overall === 'SIGNED' ? 'success' : 'info'}
        role="status"
      >
        {statusText}
      </Alert>
      <ExistingSignaturesNotice documents={request.documents} />
      {request.message && (
        <Alert severity="info" icon={false} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.message}
        </Alert>
      )}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', '& > .MuiButton-root': { flex: { xs: '1 1 auto', sm: '0 0 auto' } } }}
        aria-label={t('view.actions')}
        role="toolbar"
      >
        {me && open && me.status_code === 'OPEN' && (
          <>
            <Button
              variant="contained"
              size="large"
              sx={{ flexBasis: { xs: '100% !important', sm: 'auto !important' } }}
              startIcon={<DrawOutlinedIcon />}
              disabled={!canSign}
              onClick={sign}
            >
              {t('view.sign')}
            </Button>
            {/* A seal signs for the business; Part 11 needs a person, so it cannot be sealed. */}
            {seals.length > 0 && (me.quality ?? request.quality) !== 'part11' && (
              <SealButton seals={seals} disabled={!canSign} onSeal={seal} />
            )}
            <Button variant="outlined" color="error" onClick={declineDialog}>
              {t('view.decline')}
            </Button>
            {access.kind === 'user' && dialogButton('view.delegate', dialogs.delegate)}
            <Button variant="text" onClick={visualData}>
              {t('view.visual_data')}
            </Button>
          </>
        )}
        {isOwner && open && (
          <>
            <Button
              variant="outlined"
              onClick={() =>
                actions.remind().then(
                  (result) =>
                    showSnackbar({
                      message: 'signing:view.reminded',
                      values: { count: result.reminded.length },
                      color: 'success',
                    }),
                  (error: unknown) =>
                    showSnackbar({
                      message:
                        isApiError(error) && error.statusCode === 429
                          ? 'signing:view.too_often'
                          : 'signing:view.remind_failed',
                      color: 'error',
                    }),
                )
              }
            >
              {t('view.remind')}
            </Button>
            {dialogButton('view.add_signer', dialogs.addSigner)}
            {dialogButton('view.add_observer', dialogs.addObserver)}
            {dialogButton('view.withdraw', dialogs.withdraw, 'error')}
          </>
        )}
        {isOwner && !open && (
          <Button
            variant="outlined"
            color="error"
            onClick={() =>
              openDialog({
                namespace: 'general',
                name: 'delete-documents',
                props: { ids: [request.id] },
                onAction: async (action) => {
                  if (action !== 'delete') return;
                  await actions
                    .deleteRequest()
                    .catch((error: unknown) => handled(error, 'signing:view.delete_failed'));
                  showSnackbar({ message: 'signing:view.deleted', color: 'success' });
                  onDeleted?.();
                },
              })
            }
          >
            {t('view.delete')}
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<DownloadOutlinedIcon />}
          aria-haspopup="menu"
          aria-expanded={Boolean(downloadAnchor)}
          aria-controls={downloadAnchor ? 'download-menu' : undefined}
          onClick={(event) => setDownloadAnchor(event.currentTarget)}
        >
          {t('view.download')}
        </Button>
        <Menu
          id="download-menu"
          anchorEl={downloadAnchor}
          open={Boolean(downloadAnchor)}
          onClose={() => setDownloadAnchor(null)}
        >
          {request.documents.map((document) => (
            <MenuItem
              key={document.id}
              onClick={() => runDownload({ kind: 'pdf', documentId: document.id }, `${document.title}.pdf`)}
            >
              {t(document.signatureCount > 0 ? 'view.download_signed' : 'view.download_pdf', {
                title: document.title,
              })}
            </MenuItem>
          ))}
          <MenuItem onClick={() => runDownload({ kind: 'zip' }, `${request.title}.zip`)}>
            {t('view.download_zip')}
          </MenuItem>
          <MenuItem onClick={() => runDownload({ kind: 'report' }, 'signature-report.pdf')}>
            {t('view.download_report')}
          </MenuItem>
        </Menu>
      </Stack>
      <Box sx={{ containerType: 'inline-size' }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr)',
            gap: 3,
            alignItems: 'start',
            // By the width the view gets (a layout's card or the whole page), not the window's.
            '@container (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr) 320px' },
          }}
        >
          <DocumentPages access={access} documents={request.documents} highlights={highlights} />
          <Stack
            spacing={2}
            sx={{ minWidth: 0, '@container (min-width: 900px)': { position: 'sticky', top: 16 } }}
          >
            <SignersList
              request={request}
              mySid={me?.sid ?? null}
              onRemove={
                isOwner && open
                  ? (signature) =>
                      withDialog(
                        {
                          dialog: 'remove-signer',
                          action: 'remove',
                          run: () => actions.removeSigner(signature.sid),
                          done: 'signing:view.signer_removed',
                          failed: 'signing:view.remove_signer_failed',
                        },
                        { name: signerName(signature) },
                      )
                  : undefined
              }
            />
            <EventsTimeline request={request} events={events.data} />
          </Stack>
        </Box>
      </Box>
    </Box>
  );
}
