import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { EmptyState } from '../../../components/page-frame.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ButtonLink, TextLink } from '../../../components/router-links.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSignatureRequests } from '../api/list-signature-requests.ts';
import { useSignBatch } from '../api/sign-batch.ts';
import {
  listQueryFor,
  pageCount,
  pruneSelection,
  rowTarget,
  selectionActions,
  signErrorKey,
  toggleAll,
  toggleSelection,
  type Viewer,
} from '../dashboard-list.ts';
import type { DashboardSearch } from '../dashboard-search.ts';
import { RequestRow, RequestRowSkeleton } from './request-row.tsx';
import { useDebounced } from '../../../lib/use-debounced.ts';

export interface RequestListProps {
  search: DashboardSearch;
  viewer: Viewer;
  /** Opens the delete-documents dialog for these requests; `done` runs after they were deleted. */
  onDelete: (requests: SignatureRequest[], done: () => void) => void;
  /** After a batch was signed (free credit changed). */
  onSigned: () => void;
}

/** Which empty state a list shows: the filter's own, or "nothing found" when a search is on. */
function emptyKey(search: DashboardSearch, searching: boolean): string {
  if (searching) return 'empty.search';
  if (search.tab === 'drafts') return 'empty.drafts';
  return `empty.${search.filter ?? 'toSign'}`;
}

/** The requests of a tab and filter: search, pages, selection, batch signing and deleting. */
export function RequestList({ search, viewer, onDelete, onSigned }: RequestListProps) {
  const { t } = useTranslation('dashboard');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const debouncedText = useDebounced(text, 300);
  const query = listQueryFor(search, page, debouncedText);
  const list = useSignatureRequests(query);
  const retry = () => void list.refetch();
  const batch = useSignBatch();

  // A new filter, tab or search starts on page 1 with nothing selected.
  const scope = `${search.tab}/${search.filter ?? ''}/${debouncedText}`;
  const [lastScope, setLastScope] = useState(scope);
  if (scope !== lastScope) {
    setLastScope(scope);
    setPage(1);
    setSelected(new Set());
  }

  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const ids = items.map((item) => item.id);
  const visibleSelection = pruneSelection(selected, ids);
  const actions = selectionActions(items, visibleSelection, viewer);
  const total = list.data?.total ?? 0;
  const pages = pageCount(total);
  const empty = list.isSuccess && items.length === 0;

  // The signed rows leave the toSign list at once; the result still names them.
  const [batchTitles, setBatchTitles] = useState<ReadonlyMap<string, string>>(new Map());
  const signSelected = () => {
    const signIds = actions.signable.map((request) => request.id);
    setBatchTitles(new Map(actions.signable.map((request) => [request.id, request.title])));
    batch.mutate(
      { ids: signIds, language: currentLanguage() },
      { onSuccess: () => setSelected(new Set()), onSettled: onSigned },
    );
  };

  const deleteSelected = () =>
    onDelete(actions.deletable, () => {
      setSelected(new Set());
      void list.refetch();
    });

  const batchIds = batch.variables?.ids ?? [];

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextInput
          type="search"
          size="small"
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ maxWidth: { sm: 360 } }}
          slotProps={{
            htmlInput: { maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {list.data && (
          <Typography variant="body2" color="text.secondary" role="status" data-testid="list-total">
            {t('list.total', { count: total })}
          </Typography>
        )}
      </Box>

      {batch.isPending && (
        <Alert severity="info" icon={<DrawOutlinedIcon />} sx={{ mb: 2 }} role="status">
          <AlertTitle>{t('batch.signing', { count: batchIds.length })}</AlertTitle>
          <LinearProgress aria-label={t('batch.progress_label')} sx={{ mt: 1, minWidth: 200 }} />
        </Alert>
      )}
      {batch.isSuccess && (
        <Alert
          severity={batch.data.status === 'SUCCESS' ? 'success' : 'warning'}
          sx={{ mb: 2 }}
          role="status"
          onClose={() => batch.reset()}
          slotProps={{ closeButton: { title: t('batch.dismiss'), 'aria-label': t('batch.dismiss') } }}
          data-testid="batch-result"
        >
          <AlertTitle>
            {batch.data.status === 'SUCCESS'
              ? t('batch.signed', { count: batch.data.signed.length })
              : t('batch.tan_required')}
          </AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {batch.data.signed.map((item) => (
              <li key={item.id}>
                {t('batch.item', {
                  title: batchTitles.get(item.id) ?? item.id,
                  state: t(`status.${item.status_overall}`),
                })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {batch.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          role="alert"
          onClose={() => batch.reset()}
          slotProps={{ closeButton: { title: t('batch.dismiss'), 'aria-label': t('batch.dismiss') } }}
          action={
            isApiError(batch.error) && batch.error.code === 'FREE_SIGNATURES_EXHAUSTED' ? (
              <ButtonLink to="/upgrade" color="inherit" size="small">
                {t('batch.upgrade')}
              </ButtonLink>
            ) : undefined
          }
          data-testid="batch-error"
        >
          <AlertTitle>{t('batch.failed')}</AlertTitle>
          {t(signErrorKey(isApiError(batch.error) ? batch.error.code : undefined))}
        </Alert>
      )}

      {!empty && (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Box
            role="toolbar"
            aria-label={t('selection.toolbar_label')}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              px: { xs: 1, sm: 2 },
              py: 1,
              bgcolor: visibleSelection.size ? 'action.selected' : 'transparent',
            }}
          >
            <FormControlLabel
              sx={{ mr: 'auto', ml: 0 }}
              control={
                <Checkbox
                  checked={ids.length > 0 && visibleSelection.size === ids.length}
                  indeterminate={visibleSelection.size > 0 && visibleSelection.size < ids.length}
                  disabled={ids.length === 0}
                  onChange={() => setSelected(toggleAll(visibleSelection, ids))}
                />
              }
              label={
                visibleSelection.size
                  ? t('selection.selected', { count: visibleSelection.size })
                  : t('selection.select_all')
              }
            />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button
                variant="contained"
                size="small"
                startIcon={<DrawOutlinedIcon />}
                disabled={actions.signable.length === 0 || batch.isPending}
                onClick={signSelected}
              >
                {t('selection.sign', { count: actions.signable.length })}
              </Button>
              <Button
                variant="outlined"
                color="error"
                size="small"
                startIcon={<DeleteOutlinedIcon />}
                disabled={actions.deletable.length === 0 || batch.isPending}
                onClick={deleteSelected}
              >
                {t('selection.delete', { count: actions.deletable.length })}
              </Button>
            </Box>
          </Box>
          {visibleSelection.size > 0 && <SelectionHints actions={actions} />}

          {list.isError && !list.data ? (
            <RetryAlert severity="error" sx={{ m: 2 }} retryLabel={t('list.retry')} onRetry={retry}>
              {t('list.error')}
            </RetryAlert>
          ) : (
            <Box
              component="ul"
              aria-label={t('list.label')}
              aria-busy={list.isFetching}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {list.isPending
                ? [0, 1, 2].map((n) => <RequestRowSkeleton key={n} />)
                : items.map((request) => (
                    <RequestRow
                      key={request.id}
                      request={request}
                      selected={visibleSelection.has(request.id)}
                      onToggle={() => setSelected(toggleSelection(visibleSelection, request.id))}
                    />
                  ))}
            </Box>
          )}
          {list.isError && list.data && (
            <RetryAlert severity="warning" sx={{ m: 2 }} retryLabel={t('list.retry')} onRetry={retry}>
              {t('list.stale')}
            </RetryAlert>
          )}
        </Paper>
      )}

      {empty && (
        <Box data-testid="empty-state">
          <EmptyState
            icon={<InboxOutlinedIcon />}
            picture={search.tab === 'drafts' ? 'empty-drafts.svg' : 'empty-dashboard.svg'}
            heading={t(`${emptyKey(search, Boolean(debouncedText.trim()))}.heading`)}
            text={t(`${emptyKey(search, Boolean(debouncedText.trim()))}.text`)}
            action={
              <ButtonLink to="/upload" variant="contained" startIcon={<UploadFileIcon />}>
                {t('upload')}
              </ButtonLink>
            }
          />
        </Box>
      )}

      {pages > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => {
            setPage(next);
            setSelected(new Set());
          }}
          siblingCount={0}
          getItemAriaLabel={(type, number, current) =>
            type === 'page'
              ? t(current ? 'pages.current' : 'pages.page', { page: number })
              : t(`pages.${type}`)
          }
        />
      )}
    </Box>
  );
}

/** Says why some selected rows are left out of signing or deleting, and what to do instead. */
function SelectionHints({ actions }: { actions: ReturnType<typeof selectionActions> }) {
  const { t } = useTranslation('dashboard');
  const notSignable = actions.chosen.length - actions.signable.length - actions.ownPage.length;
  const notDeletable = actions.chosen.length - actions.deletable.length;
  if (!actions.ownPage.length && !notSignable && !notDeletable) return null;
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pb: 1, display: 'grid', gap: 1 }} data-testid="selection-hints">
      {actions.ownPage.length > 0 && (
        <Alert severity="info">
          {t('selection.own_page', { count: actions.ownPage.length })}{' '}
          {actions.ownPage.map((request, index) => (
            <span key={request.id}>
              {index > 0 && ', '}
              <TextLink {...rowTarget(request)}>{request.title}</TextLink>
            </span>
          ))}
        </Alert>
      )}
      {notSignable > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('selection.not_signable', { count: notSignable })}
        </Typography>
      )}
      {notDeletable > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('selection.not_deletable', { count: notDeletable })}
        </Typography>
      )}
    </Box>
  );
}
