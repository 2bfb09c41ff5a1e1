import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { TextInput } from '../../../components/text-input.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { dialogTitleId, type DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { signatureQualitiesQueryOptions } from '../../../lib/api/get-signature-qualities.ts';
import { userAccess } from '../../../lib/signing-access.ts';
import { missingFor, upgradeLink, type UpgradeDialogProps } from '../upgrade-standards.ts';
import { SignerFields, signerInput, useSignerForm } from './signer-fields.tsx';

const maxMessage = 2000;

function MessageField({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value.slice(0, maxMessage))}
      multiline
      minRows={3}
      margin="normal"
      fullWidth
      helperText={`${value.length}/${maxMessage}`}
    />
  );
}

/** The owner withdraws an open request; open signers and observers are told, with the message. */
export function WithdrawDialog(props: DialogComponentProps) {
  const { t } = useTranslation('signing');
  const [message, setMessage] = useState('');
  return (
    <ConfirmDialog {...props} keys="signing:dialogs.withdraw" action="withdraw" value={message.trim()} danger>
      <MessageField value={message} onChange={setMessage} label={t('dialogs.withdraw.message')} />
    </ConfirmDialog>
  );
}

export function AddObserverDialog(props: DialogComponentProps) {
  const { t } = useTranslation('signing');
  const { t: tg } = useTranslation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const error = rules.email().safeParse(email).error?.issues[0]?.message;
  return (
    <FormDialog
      {...props}
      name="add-observer"
      onSubmit={() => {
        setTouched(true);
        if (!error) props.onAction('add', email.trim());
      }}
    >
      <TextInput
        label={t('dialogs.signer.email')}
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={touched && Boolean(error)}
        helperText={touched ? translateValidation(tg, error) : undefined}
        margin="normal"
        fullWidth
        required
        autoFocus
      />
    </FormDialog>
  );
}

function FormActions({
  loading,
  onClose,
  confirm,
  danger,
}: DialogComponentProps & { confirm: string; danger?: boolean }) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onClose} disabled={loading}>
        {t('common.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        color={danger ? 'error' : 'primary'}
        loading={loading}
        disabled={loading}
      >
        {confirm}
      </Button>
    </DialogActions>
  );
}

/** The dialogs that are a form; their title, text and confirm label are `dialogs.<name>.*`. */
type FormDialogName = 'add-observer' | 'add-signer' | 'delegate';

/** A dialog whose content is a form: title, text, fields; Enter or the confirm button submits. */
function FormDialog({
  name,
  onSubmit,
  children,
  ...props
}: DialogComponentProps & {
  name: FormDialogName;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('signing');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DialogTitle id={dialogTitleId}>{t(`dialogs.${name}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`dialogs.${name}.body`)}</DialogContentText>
        {children}
      </DialogContent>
      <FormActions {...props} confirm={t(`dialogs.${name}.confirm`)} />
    </form>
  );
}

/**
 * A form dialog about a signer (an account or a visitor): once the signer is valid, reports `action`
 * with the signer and `extra`. Its own fields (`children`) follow the signer's.
 */
function SignerFormDialog({
  name,
  action,
  extra,
  children,
  ...props
}: DialogComponentProps & {
  name: FormDialogName;
  action: string;
  extra?: Record<string, unknown>;
  children?: ReactNode;
}) {
  const form = useSignerForm();
  return (
    <FormDialog
      {...props}
      name={name}
      onSubmit={() => {
        form.setShowErrors(true);
        if (form.valid) props.onAction(action, { ...signerInput(form.value, currentLanguage()), ...extra });
      }}
    >
      <SignerFields value={form.value} onChange={form.setValue} showErrors={form.showErrors} />
      {children}
    </FormDialog>
  );
}

/** Owner: one more signer on an open request (invited at once) or a draft. */
export function AddSignerDialog(props: DialogComponentProps) {
  return <SignerFormDialog {...props} name="add-signer" action="add" />;
}

/** A signer hands their open signature to someone else, with a message for them. */
export function DelegateDialog(props: DialogComponentProps) {
  const { t } = useTranslation('signing');
  const [message, setMessage] = useState('');
  return (
    <SignerFormDialog
      {...props}
      name="delegate"
      action="delegate"
      extra={message.trim() ? { message: message.trim() } : {}}
    >
      <MessageField value={message} onChange={setMessage} label={t('dialogs.delegate.message')} />
    </SignerFormDialog>
  );
}

export function RemoveSignerDialog(props: DialogComponentProps) {
  const name = String(props.descriptor.props?.name ?? '');
  return (
    <ConfirmDialog {...props} keys="signing:dialogs.remove-signer" values={{ name }} action="remove" danger />
  );
}

/** The qualified trust service's terms of use, accepted once before the first QES. */
export function TermsOfUseDialog(props: DialogComponentProps) {
  const { t } = useTranslation('signing');
  const [accepted, setAccepted] = useState(false);
  return (
    <ConfirmDialog {...props} keys="signing:dialogs.terms-of-use" action="accept" confirmDisabled={!accepted}>
      <DialogContentText sx={{ mt: 2 }}>{t('dialogs.terms-of-use.terms')}</DialogContentText>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />}
        label={t('dialogs.terms-of-use.checkbox')}
      />
    </ConfirmDialog>
  );
}

/**
 * The signature asks for a quality the signer may not use yet: what is missing (the API's reason),
 * and the way to it. Identification is for this request: afterwards the signer comes back to it.
 */
export function UpgradeStandardsDialog(props: DialogComponentProps) {
  const { t } = useTranslation('signing');
  const given = props.descriptor.props as Partial<UpgradeDialogProps> | undefined;
  const access = given?.access ?? userAccess;
  // Opened without the API's reason (e.g. from the editor): the account's qualities detail says it.
  const qualities = useQuery({
    ...signatureQualitiesQueryOptions,
    enabled: !given?.reason && access.kind === 'user',
  });
  const legislation = given?.legislation ?? null;
  const reason = given?.reason ?? (qualities.data ? missingFor(qualities.data, legislation) : null);
  const requestId = given?.requestId ?? undefined;
  const values = {
    legislation: legislation ? t(`dialogs.upgrade-standards.legislation.${legislation}`) : '',
  };
  const key = reason ?? 'unknown';
  return (
    <>
      <DialogTitle id={dialogTitleId}>{t(`dialogs.upgrade-standards.${key}.title`, values)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`dialogs.upgrade-standards.${key}.body`, values)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={props.onClose}>{t('overlays.close')}</Button>
        {/* A full page load: the signing and this dialog are left behind. */}
        <ButtonLink
          variant="contained"
          {...upgradeLink(access, reason, legislation, requestId)}
          reloadDocument
        >
          {t(`dialogs.upgrade-standards.${key}.confirm`, values)}
        </ButtonLink>
      </DialogActions>
    </>
  );
}

/** What the visible signature will show: name, quality and legislation, where it goes. */
export function VisualSignatureDataDialog(props: DialogComponentProps) {
  const { t } = useTranslation('signing');
  const rows = (props.descriptor.props?.rows as Array<[string, string]> | undefined) ?? [];
  return (
    <>
      <DialogTitle id={dialogTitleId}>{t('dialogs.visual-signature-data.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('dialogs.visual-signature-data.body')}</DialogContentText>
        <Table size="small" sx={{ mt: 2 }}>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '40%' }}>
                  {label}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={props.onClose}>
          {t('overlays.close')}
        </Button>
      </DialogActions>
    </>
  );
}

/** QES: the code sent by SMS. A new code can be sent; cancelling frees the request. */
export function TanEntryDialog(props: DialogComponentProps) {
  const { t } = useTranslation('signing');
  const { t: tg } = useTranslation();
  const resend = props.descriptor.props?.resend as (() => Promise<unknown>) | undefined;
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const error = /^\d{4,20}$/.test(code.trim())
    ? undefined
    : code.trim()
      ? 'validation.numbers'
      : 'validation.required';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!error) props.onAction('submit', code.trim());
      }}
    >
      <DialogTitle id={dialogTitleId}>{t('dialogs.tan-entry.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('dialogs.tan-entry.body')}</DialogContentText>
        <TextInput
          label={t('dialogs.tan-entry.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={touched && Boolean(error)}
          helperText={touched ? translateValidation(tg, error) : undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 20 } }}
          margin="normal"
          fullWidth
          required
          autoFocus
        />
        {resend && (
          <Button
            size="small"
            disabled={resent === 'sending' || props.loading}
            onClick={() => {
              setResent('sending');
              resend().then(
                () => setResent('sent'),
                () => setResent('failed'),
              );
            }}
          >
            {t('dialogs.tan-entry.resend')}
          </Button>
        )}
        <div role="status" aria-live="polite">
          {resent === 'sent' && <Alert severity="success">{t('dialogs.tan-entry.resent')}</Alert>}
          {resent === 'failed' && <Alert severity="error">{t('dialogs.tan-entry.resend_failed')}</Alert>}
        </div>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => props.onAction('cancel')} disabled={props.loading}>
          {tg('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={props.loading} disabled={props.loading}>
          {t('dialogs.tan-entry.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}
