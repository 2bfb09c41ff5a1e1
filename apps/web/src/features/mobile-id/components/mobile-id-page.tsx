import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import PhonelinkLockOutlinedIcon from '@mui/icons-material/PhonelinkLockOutlined';
import type { MobileIdState } from '@signet/contracts/mobile-id';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/inline-confirm.tsx';
import { PageFrame, PageLoading } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useUser } from '../../../lib/api/get-user.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useMobileId, useRegisterMobileId, useRemoveMobileId } from '../api/mobile-id.ts';

const ns = 'mobile-id';
const statusColor = { none: 'default', pending: 'warning', registered: 'success' } as const;

/**
 * /profile/signature-standards/mobile-id: the phone registered as the QTSP's second factor. With a
 * registered Mobile ID, qualified signatures are approved on the phone instead of with an SMS code.
 * A registration waits for the phone's approval (the page asks again until it arrives).
 */
export function MobileIdPage() {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const state = useMobileId();
  const title = t('title');
  if (state.isPending) return <PageLoading label={t('loading')} />;
  return (
    <PageFrame title={title} subtitle={t('subtitle')}>
      <Box sx={{ maxWidth: 720, display: 'flex', flexDirection: 'column', gap: 3 }}>
        {state.isError ? (
          <Alert severity="error" role="alert">
            {errorText(state.error)}
          </Alert>
        ) : (
          <Registration state={state.data} />
        )}
        <Box>
          <ButtonLink variant="text" to="/profile/signature-standards">
            {t('back')}
          </ButtonLink>
        </Box>
      </Box>
    </PageFrame>
  );
}

function Registration({ state }: { state: MobileIdState }) {
  const { t } = useTranslation(ns);
  const [replacing, setReplacing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const remove = useRemoveMobileId();
  const errorText = useErrorText([ns]);
  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmRemove(false);
        showSnackbar({ message: `${ns}:removed`, color: 'info' });
      },
    });
  const showForm = state.status === 'none' || replacing;
  return (
    <>
      <Paper variant="outlined" component="section" aria-labelledby="mobile-id-status" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <PhonelinkLockOutlinedIcon color="action" aria-hidden="true" />
          <Typography id="mobile-id-status" variant="h2" sx={{ fontSize: '1.1rem', flex: '1 1 auto' }}>
            {state.mobile ?? t('no_phone')}
          </Typography>
          <Chip
            color={statusColor[state.status]}
            label={t(`status.${state.status}`)}
            data-testid="mobile-id-status"
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {state.status === 'registered' && state.registeredAt
            ? t('registered_since', { date: formatDateTime(state.registeredAt) })
            : t(`explain.${state.status}`)}
        </Typography>
        {state.status === 'pending' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 2 }}>
            <CircularProgress size={20} aria-hidden="true" />
            <Typography>{t('waiting')}</Typography>
          </Box>
        )}
        {state.status !== 'none' && !replacing && (
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setReplacing(true)}>
              {t('replace')}
            </Button>
            <Button color="error" onClick={() => setConfirmRemove(true)}>
              {t('remove')}
            </Button>
          </Box>
        )}
      </Paper>
      {confirmRemove && (
        <InlineConfirm
          question={t('remove_confirm')}
          keepLabel={t('keep')}
          confirmLabel={t('remove_now')}
          loading={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onKeep={() => setConfirmRemove(false)}
          onConfirm={onRemove}
        />
      )}
      {showForm && <RegisterForm replacing={replacing} onDone={() => setReplacing(false)} />}
    </>
  );
}

function RegisterForm({ replacing, onDone }: { replacing: boolean; onDone: () => void }) {
  const { t } = useTranslation(ns);
  const { t: tg } = useTranslation();
  const errorText = useErrorText([ns]);
  const user = useUser();
  const register = useRegisterMobileId();
  const [mobile, setMobile] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const value = mobile ?? user.data?.attributes.mobile ?? '';
  const invalid = value.trim()
    ? rules.phone().safeParse(value).error?.issues[0]?.message
    : 'validation.required';
  const serverField = isApiError(register.error) && register.error.field === 'body.mobile';
  const fieldError =
    touched && invalid
      ? translateValidation(tg, invalid)
      : serverField
        ? errorText(register.error)
        : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    register.mutate(value.trim(), {
      onSuccess: () => {
        onDone();
        showSnackbar({ message: `${ns}:registered`, color: 'success' });
      },
    });
  };
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t(replacing ? 'form.replace_title' : 'form.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('form.text')}
      </Typography>
      <TextInput
        label={t('form.mobile')}
        type="tel"
        autoComplete="tel"
        value={value}
        onChange={(event) => setMobile(event.target.value)}
        onBlur={() => setTouched(true)}
        error={Boolean(fieldError)}
        helperText={fieldError ?? t('form.mobile_help')}
        margin="normal"
        fullWidth
        required
      />
      {register.isError && !serverField && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errorText(register.error)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={register.isPending}>
          {t('form.submit')}
        </Button>
        {replacing && <Button onClick={onDone}>{tg('common.cancel')}</Button>}
      </Box>
    </Paper>
  );
}
