import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import SendIcon from '@mui/icons-material/Send';
import { zodResolver } from '@hookform/resolvers/zod';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { FormProvider, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { ButtonLink, ToDashboardLink } from '../../../components/router-links.tsx';
import { useEditorTranslation } from '../use-editor-translation.ts';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { dialogStore, openDialog } from '../../../components/dialog-store.ts';
import { PageFrame, PageFrameEmpty, PageFrameLoading } from '../../../components/page-frame.tsx';
import { selectOptions } from '../../../components/select-options.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { signatureRequestQueryOptions } from '../../../lib/api/get-signature-request.ts';
import { setServerErrors } from '../../../lib/server-errors.ts';
import { userAccess } from '../../../lib/signing-access.ts';
import { useInitiateSignatureRequest } from '../api/initiate-signature-request.ts';
import { useUpdateSignatureRequest } from '../api/update-signature-request.ts';
import {
  EditorSchema,
  errorText,
  formFieldOf,
  formFromRequest,
  legislations,
  literalMessage,
  newSigner,
  qualities,
  updateBodyFromForm,
  type EditorForm,
  type Legislation,
  type Placement,
  type Quality,
  type SignerForm,
} from '../editor-form.ts';
import { defaultBox, type Box as PointsBox } from '../geometry.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { ObserversSection } from './observers-section.tsx';
import { PageView, type PageBox, type PageField } from './page-view.tsx';
import { assignField, fieldHolders } from '../existing-fields.ts';
import type { ExistingSignatureField } from '@signet/contracts/signature-fields';
import { SignerCard } from './signer-card.tsx';
import { ExistingSignaturesNotice } from '../../../components/existing-signatures-notice.tsx';

/** Each signer's colour, on their card and their box. */
const signerColors = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457', '#4e342e'];
const colorOf = (index: number) => signerColors[index % signerColors.length]!;

/** The editor's add buttons, one a kind of signer (an account, or a visitor known by e-mail). */
const signerKinds = ['account', 'visitor'] as const satisfies readonly SignerForm['kind'][];

/** Where a new box goes: the lower left of the page, above boxes placed there before. */
function newPlacement(
  documentId: string,
  page: number,
  size: { width: number; height: number },
  onPage: number,
): Placement {
  const margin = 36;
  const box = defaultBox(size, { x: margin, y: size.height - margin - 140 - onPage * 150 });
  return { documentId, page, ...box };
}

function signerLabel(
  signer: EditorForm['signers'][number],
  index: number,
  t: (key: string, options: { number: number }) => string,
) {
  const name =
    signer.kind === 'visitor'
      ? `${signer.firstName} ${signer.lastName}`.trim() || signer.email
      : signer.accountEmail;
  return name.trim() || t('signer.heading', { number: index + 1 });
}

/** Asks before leaving with unsaved changes (the leave-page dialog); true = stay. */
function askToStay(): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const id = openDialog({
      namespace: 'general',
      name: 'leave-page',
      onAction: (action) => {
        settled = true;
        resolve(action !== 'leave');
      },
    });
    // Closed without an answer (Stay, Escape, backdrop): stay.
    const stop = dialogStore.subscribe(() => {
      if (dialogStore.get().dialog?.id === id) return;
      stop();
      if (!settled) resolve(true);
    });
  });
}

function Editor({ request }: { request: SignatureRequest }) {
  const { t } = useEditorTranslation();
  const navigate = useNavigate();
  const form = useForm<EditorForm>({
    defaultValues: formFromRequest(request),
    resolver: zodResolver(EditorSchema),
    // Errors appear once Save or Send is tried, then follow the typing; never on blur, where the
    // layout would shift under the pointer of a click on the next button.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, register, setValue, getValues, formState } = form;
  const signers = useFieldArray({ control, name: 'signers', keyName: 'fieldKey' });
  const watched = useWatch({ control }) as EditorForm;
  const update = useUpdateSignatureRequest(request.id);
  const initiate = useInitiateSignatureRequest(request.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);
  const leaving = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);

  useBlocker({
    shouldBlockFn: () => (leaving.current || !formState.isDirty ? false : askToStay()),
    enableBeforeUnload: () => !leaving.current && formState.isDirty,
  });
  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);

  const documents = request.documents;
  const pageSize = (documentId: string, page: number) =>
    documents.find((d) => d.id === documentId)?.pages.find((p) => p.number === page);

  // The requester may ask any quality of anyone: the signer needs it when signing, not the sender
  // now (a signer who lacks it is led to identification from the signing page).
  const chooseQuality = (quality: Quality) => setValue('quality', quality, { shouldDirty: true });
  const chooseLegislation = (legislation: Legislation) =>
    setValue('legislation', legislation, { shouldDirty: true });
  const chooseSignerQuality = (index: number, quality: Quality | '') =>
    setValue(`signers.${index}.quality`, quality, { shouldDirty: true });

  const setPlacements = (index: number, placements: Placement[]) =>
    setValue(`signers.${index}.placements`, placements, { shouldDirty: true, shouldValidate: false });
  /** One box per signer and document: placing on another page of the document moves it there. */
  const place = (index: number, documentId: string, page: number) => {
    const size = pageSize(documentId, page);
    if (!size) return;
    const onPage = getValues('signers').filter((s, i) =>
      s.placements.some((p) => i !== index && p.documentId === documentId && p.page === page),
    ).length;
    const others = getValues(`signers.${index}.placements`).filter((p) => p.documentId !== documentId);
    setPlacements(index, [...others, newPlacement(documentId, page, size, onPage)]);
    form.clearErrors(`signers.${index}.placements`);
  };
  /** A document's own field for signer `index`: it stands for their box there (see assignField). */
  const assignExistingField = (index: number, documentId: string, field: ExistingSignatureField) => {
    const current = getValues('signers');
    assignField(current, index, documentId, field).forEach((placements, i) => {
      if (placements !== current[i]!.placements) setPlacements(i, placements);
    });
    form.clearErrors(`signers.${index}.placements`);
  };
  const changeBox = (item: PageBox, next: PointsBox) => {
    const placements = getValues(`signers.${item.signerIndex}.placements`).map((p, i) =>
      i === item.placementIndex ? { ...p, ...next } : p,
    );
    setPlacements(item.signerIndex, placements);
  };
  const removeBox = (signerIndex: number, placementIndex: number) =>
    setPlacements(
      signerIndex,
      getValues(`signers.${signerIndex}.placements`).filter((_p, i) => i !== placementIndex),
    );

  /** The API's answer on the field it names (the request body's path), or above the form. */
  const applyServerError = (error: unknown, values: EditorForm) => {
    if (!isApiError(error)) return setFormError(t('errors.generic', { ns: 'translation' }));
    const known = `errors.${error.code}`;
    const text = t(known, { defaultValue: '' }) || error.message;
    const placed = setServerErrors(
      error,
      form.setError,
      (apiField) => formFieldOf(apiField, values) as Path<EditorForm> | null,
      (issue) => literalMessage(error.code === 'VALIDATION_FAILED' ? issue.message : text),
    );
    setFormError(placed ? t('errors.see_fields') : text);
  };

  const save = async (values: EditorForm) => {
    const saved = await update.mutateAsync(updateBodyFromForm(values));
    form.reset(formFromRequest(saved));
    return saved;
  };
  const onSave = form.handleSubmit(
    async (values) => {
      setFormError(null);
      setBusy('save');
      try {
        await save(values);
        showSnackbar({ message: 'request-editor:saved', color: 'success' });
      } catch (error) {
        applyServerError(error, values);
      } finally {
        setBusy(null);
      }
    },
    () => setFormError(t('errors.see_fields')),
  );
  const onSend = form.handleSubmit(
    async (values) => {
      setFormError(null);
      if (values.signers.length === 0) return setFormError(t('errors.no_signers'));
      setBusy('send');
      try {
        await save(values);
        await initiate.mutateAsync();
        leaving.current = true;
        showSnackbar({ message: 'request-editor:sent', color: 'success' });
        await navigate({ to: '/view/$srid', params: { srid: request.id } });
      } catch (error) {
        leaving.current = false;
        applyServerError(error, values);
      } finally {
        setBusy(null);
      }
    },
    () => setFormError(t('errors.see_fields')),
  );

  const signerList = watched.signers ?? [];
  const menuSigners = signerList.map((signer, index) => ({
    index,
    label: signerLabel(signer, index, t),
    color: colorOf(index),
  }));
  const boxOf = (signerIndex: number, placementIndex: number): PageBox => ({
    signerIndex,
    placementIndex,
    box: signerList[signerIndex]!.placements[placementIndex]!,
    label: signerLabel(signerList[signerIndex]!, signerIndex, t),
    color: colorOf(signerIndex),
  });
  // A box on one of the document's own fields is drawn as that field (fieldsOn), not as a movable box.
  const boxesOn = (documentId: string, page: number): PageBox[] =>
    signerList.flatMap((signer, signerIndex) =>
      signer.placements.flatMap((placement, placementIndex) =>
        placement.documentId === documentId && placement.page === page && placement.fieldName === undefined
          ? [boxOf(signerIndex, placementIndex)]
          : [],
      ),
    );
  const fieldsOn = (document: (typeof documents)[number], page: number): PageField[] => {
    const holders = fieldHolders(signerList, document.id);
    return document.signatureFields
      .filter((field) => field.page === page)
      .map((field) => {
        const holder = holders.get(field.name);
        return { field, holder: holder ? boxOf(holder.signerIndex, holder.placementIndex) : null };
      });
  };
  return (
    <FormProvider {...form}>
      <PageFrame title={t('title')} subtitle={t('subtitle')}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSend();
          }}
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(360px, 440px) minmax(0, 1fr)' },
          }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
            {formError && (
              <Alert severity="error" ref={errorRef} tabIndex={-1} role="alert">
                {formError}
              </Alert>
            )}
            <ExistingSignaturesNotice documents={documents} />
            <SectionCard id="editor-details" heading={t('details.heading')} headingSpace={2}>
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <TextInput
                  label={t('details.title')}
                  required
                  {...register('title')}
                  error={Boolean(formState.errors.title)}
                  helperText={errorText(t, formState.errors.title?.message)}
                />
                <TextInput
                  label={t('details.message')}
                  multiline
                  minRows={3}
                  {...register('message')}
                  error={Boolean(formState.errors.message)}
                  helperText={errorText(t, formState.errors.message?.message) ?? t('details.message_help')}
                />
                <TextField
                  select
                  label={t('details.quality')}
                  value={watched.quality ?? request.quality}
                  onChange={(event) => chooseQuality(event.target.value as Quality)}
                  helperText={t(`quality_help.${watched.quality ?? request.quality}`)}
                >
                  {selectOptions(qualities, (quality) => t(`quality.${quality}`))}
                </TextField>
                <TextField
                  select
                  label={t('details.legislation')}
                  value={watched.legislation ?? request.legislation}
                  onChange={(event) => chooseLegislation(event.target.value as Legislation)}
                  helperText={t('details.legislation_help')}
                >
                  {selectOptions(legislations, (legislation) => t(`legislation.${legislation}`))}
                </TextField>
              </Box>
            </SectionCard>

            <SectionCard id="editor-signers" heading={t('signers.heading')}>
              <FormControlLabel
                control={
                  <Switch
                    checked={watched.signingOrder ?? false}
                    onChange={(event) =>
                      setValue('signingOrder', event.target.checked, { shouldDirty: true })
                    }
                  />
                }
                label={t('signers.signing_order')}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {watched.signingOrder ? t('signers.signing_order_on') : t('signers.signing_order_off')}
              </Typography>
              {signers.fields.length === 0 ? (
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {t('signers.empty')}
                </Typography>
              ) : (
                <Box
                  component={watched.signingOrder ? 'ol' : 'ul'}
                  sx={{ p: 0, m: 0, mb: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
                >
                  {signers.fields.map((field, index) => (
                    <SignerCard
                      key={field.fieldKey}
                      index={index}
                      count={signers.fields.length}
                      color={colorOf(index)}
                      signingOrder={watched.signingOrder ?? false}
                      requestQuality={watched.quality ?? request.quality}
                      onRemove={() => signers.remove(index)}
                      onMove={(to) => signers.move(index, to)}
                      onChooseQuality={(quality) => chooseSignerQuality(index, quality)}
                      onPlace={() => documents[0] && place(index, documents[0].id, 1)}
                      onUnplace={() => setPlacements(index, [])}
                      pageCountOf={(id) => documents.find((d) => d.id === id)?.pageCount ?? 0}
                    />
                  ))}
                </Box>
              )}
              {formState.errors.signers?.root?.message && (
                <Typography color="error" role="alert" sx={{ mb: 1 }}>
                  {errorText(t, formState.errors.signers.root.message)}
                </Typography>
              )}
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {signerKinds.map((kind) => (
                  <Button
                    key={kind}
                    variant="outlined"
                    startIcon={<PersonAddAltIcon />}
                    onClick={() => signers.append(newSigner(kind))}
                  >
                    {t(`signers.add_${kind}`)}
                  </Button>
                ))}
              </Box>
            </SectionCard>

            <ObserversSection />
          </Box>

          <Box
            component="section"
            aria-labelledby="editor-documents"
            sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            <Box>
              <Typography id="editor-documents" variant="h2" sx={{ fontSize: '1.15rem' }}>
                {t('pages.heading')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('pages.help')}
              </Typography>
              {documents.some((document) => document.signatureFields.length > 0) && (
                <Typography variant="body2" color="text.secondary">
                  {t('field.help')}
                </Typography>
              )}
            </Box>
            {documents.map((document) => (
              <Box
                key={document.id}
                component="section"
                aria-label={document.title}
                sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 900, width: '100%' }}
              >
                {documents.length > 1 && (
                  <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
                    {document.title}
                  </Typography>
                )}
                {document.pages.map((page) => (
                  <PageView
                    key={page.number}
                    document={document}
                    number={page.number}
                    size={page}
                    boxes={boxesOn(document.id, page.number)}
                    fields={fieldsOn(document, page.number)}
                    signers={menuSigners}
                    onPlace={(index) => place(index, document.id, page.number)}
                    onAssign={(field, index) => assignExistingField(index, document.id, field)}
                    onChange={changeBox}
                    onRemove={(item) => removeBox(item.signerIndex, item.placementIndex)}
                  />
                ))}
              </Box>
            ))}
          </Box>

          <Paper
            elevation={3}
            sx={{
              position: 'sticky',
              bottom: 0,
              zIndex: 2,
              gridColumn: '1 / -1',
              p: { xs: 1, sm: 1.5 },
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              justifyContent: 'flex-end',
              alignItems: 'center',
            }}
          >
            <Typography
              variant="body2"
              color="text.secondary"
              // Beside the buttons where it fits, else on a line of its own above them.
              sx={{ flex: '1 1 150px' }}
              aria-live="polite"
            >
              {formState.isDirty ? t('actions.unsaved') : t('actions.saved_state')}
            </Typography>
            <Button
              variant="outlined"
              onClick={() => void onSave()}
              loading={busy === 'save'}
              disabled={busy !== null}
              sx={{ flex: 'none' }}
            >
              {t('actions.save')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              endIcon={<SendIcon />}
              loading={busy === 'send'}
              disabled={busy !== null}
              sx={{ flex: 'none' }}
            >
              {t('actions.send')}
            </Button>
          </Paper>
        </Box>
      </PageFrame>
    </FormProvider>
  );
}

/** The request editor (/upload?sr={id}) for a draft: details, signers, observers, boxes; save or send. */
export function RequestEditorPage({ requestId }: { requestId: string }) {
  const { t } = useEditorTranslation();
  const request = useQuery({
    ...signatureRequestQueryOptions(userAccess, requestId),
    // The editor holds its own copy while it is open; a refetch must not overwrite what is typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (request.isPending) return <PageFrameLoading title={t('title')} label={t('loading')} />;
  if (request.isError) {
    const missing = isApiError(request.error) && request.error.statusCode === 404;
    return (
      <PageFrameEmpty
        title={t('title')}
        icon={<SendIcon />}
        heading={missing ? t('missing.heading') : t('load_failed.heading')}
        text={missing ? t('missing.text') : t('load_failed.text')}
        action={
          missing ? (
            <ToDashboardLink />
          ) : (
            <Button variant="outlined" onClick={() => void request.refetch()}>
              {t('common.try_again', { ns: 'translation' })}
            </Button>
          )
        }
      />
    );
  }
  if (request.data.status_overall !== 'DRAFT')
    return (
      <PageFrameEmpty
        title={t('title')}
        icon={<SendIcon />}
        heading={t('not_draft.heading')}
        text={t('not_draft.text')}
        action={
          <ButtonLink to="/view/$srid" params={{ srid: request.data.id }} variant="contained">
            {t('not_draft.open')}
          </ButtonLink>
        }
      />
    );
  return <Editor key={request.data.id} request={request.data} />;
}
