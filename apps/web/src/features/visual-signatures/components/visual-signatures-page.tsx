import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DrawIcon from '@mui/icons-material/Draw';
import { useTranslation } from 'react-i18next';
import { maxVisualSignatures, type VisualSignature } from '@signet/contracts/visual-signatures';
import { EmptyState, PageFrame, PageLoading } from '../../../components/page-frame.tsx';
import { useUser } from '../../../lib/api/get-user.ts';
import { useVisualSignatures } from '../api/list-visual-signatures.ts';
import { useSetDefaultVisualSignature } from '../api/set-default-visual-signature.ts';
import { CardGrid } from '../../../components/card-grid.tsx';
import { openDeleteSignatureDialog } from './delete-signature-dialog.tsx';
import { PredefinedSuggestions } from './predefined-suggestions.tsx';
import { noteAbout, useOutcomeNotes } from './signature-notes.ts';
import { VisualSignatureCard } from './visual-signature-card.tsx';
import { VisualSignatureEditor } from './visual-signature-editor.tsx';

/** Where the editor stands: closed, a new signature, or one being changed (by id). */
type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; id: string };

/** /profile/visual-signature: the user's visual signatures, their previews, and the editor. */
export function VisualSignaturesPage() {
  const { t } = useTranslation('visual-signatures');
  const { t: tApp } = useTranslation();
  const outcome = useOutcomeNotes();
  const list = useVisualSignatures();
  const user = useUser().data;
  const makeDefault = useSetDefaultVisualSignature();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });

  const signatures = list.data?.visualSignatures ?? [];
  const atLimit = signatures.length >= maxVisualSignatures;
  const editedSignature =
    editing.mode === 'edit' ? (signatures.find((s) => s.id === editing.id) ?? null) : null;
  const defaultName = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  const onMakeDefault = (signature: VisualSignature) =>
    makeDefault.mutate(signature.id, outcome('card.made_default', signature.alias));

  const onSaved = (saved: VisualSignature, done: boolean) => {
    if (!done) {
      setEditing({ mode: 'edit', id: saved.id });
      noteAbout('form.saved_without_image', saved.alias, 'warning');
      return;
    }
    setEditing({ mode: 'closed' });
    noteAbout('form.saved', saved.alias, 'success');
  };

  const newButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setEditing({ mode: 'new' })}
      disabled={atLimit || !list.data || editing.mode !== 'closed'}
    >
      {t('page.new')}
    </Button>
  );

  return (
    <PageFrame title={tApp('titles.visual-signature')} subtitle={t('page.intro')} actions={newButton}>
      {list.data && editing.mode !== 'closed' && (editing.mode === 'new' || editedSignature) && (
        <VisualSignatureEditor
          key={editing.mode === 'edit' ? `${editing.id}-${editedSignature?.updatedAt}` : 'new'}
          signature={editedSignature}
          defaultName={defaultName}
          permissions={list.data.permissions}
          onSaved={onSaved}
          onCancel={() => setEditing({ mode: 'closed' })}
        />
      )}
      {list.isPending && <PageLoading label={t('page.loading')} />}
      {list.isError && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {tApp('common.try_again')}
            </Button>
          }
        >
          {t('page.failed')}
        </Alert>
      )}
      {list.data && signatures.length === 0 && editing.mode === 'closed' && (
        <EmptyState
          icon={<DrawIcon />}
          heading={t('page.empty_heading')}
          text={t('page.empty_text')}
          action={newButton}
        />
      )}
      {atLimit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('page.limit', { count: signatures.length })}
        </Alert>
      )}
      {signatures.length > 0 && (
        <CardGrid items={signatures} keyOf={(signature) => signature.id} label={t('page.list_label')}>
          {(signature) => (
            <VisualSignatureCard
              signature={signature}
              busy={makeDefault.isPending}
              onMakeDefault={() => onMakeDefault(signature)}
              onEdit={() => setEditing({ mode: 'edit', id: signature.id })}
              onDelete={() =>
                openDeleteSignatureDialog(signature, () => {
                  if (editing.mode === 'edit' && editing.id === signature.id) setEditing({ mode: 'closed' });
                  void list.refetch();
                })
              }
            />
          )}
        </CardGrid>
      )}
      {list.data && !atLimit && <PredefinedSuggestions />}
    </PageFrame>
  );
}
