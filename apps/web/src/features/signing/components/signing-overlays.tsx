import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input.tsx';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import LockClockOutlinedIcon from '@mui/icons-material/LockClockOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import PasswordIcon from '@mui/icons-material/Password';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import { useTranslation } from 'react-i18next';
import type { OverlayComponentProps } from '../../../components/overlay-host.tsx';
import { ButtonLink, type StaticPath } from '../../../components/router-links.tsx';
import type { ClientErrorCode } from '../../../lib/api-client.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { formatDateTime } from '../../../lib/i18n.ts';
import { OverlayFrame, type OverlayTone } from '../../../components/overlay-frame.tsx';

const ns = 'signing';

function CloseButton({
  loading,
  onAction,
  label,
}: Pick<OverlayComponentProps, 'loading' | 'onAction'> & { label?: string }) {
  const { t } = useTranslation(ns);
  return (
    <Button size="large" disabled={loading} onClick={() => onAction('complete')}>
      {label ?? t('overlays.close')}
    </Button>
  );
}

function RetryButton({
  loading,
  onAction,
  label,
  disabled,
}: Pick<OverlayComponentProps, 'loading' | 'onAction'> & { label: string; disabled?: boolean }) {
  return (
    <Button
      variant="contained"
      size="large"
      loading={loading}
      disabled={loading || disabled}
      onClick={() => onAction('retry')}
    >
      {label}
    </Button>
  );
}

/** Signing in progress: nothing to do but wait. */
export function SigningProgressOverlay() {
  const { t } = useTranslation(ns);
  return (
    <OverlayFrame
      icon={<CircularProgress size={64} aria-hidden="true" />}
      tone="progress"
      title={t('overlays.signing.title')}
    >
      <span role="status" aria-live="polite">
        {t('overlays.signing.body')}
      </span>
    </OverlayFrame>
  );
}

export function SigningSuccessOverlay({ descriptor, loading, onAction }: OverlayComponentProps) {
  const { t } = useTranslation(ns);
  const signed = (descriptor.props?.signed as unknown[] | undefined) ?? [];
  return (
    <OverlayFrame
      icon={<CheckCircleOutlineIcon />}
      tone="success"
      title={t('overlays.signing-success.title')}
      body={t('overlays.signing-success.body', { count: Math.max(1, signed.length) })}
      actions={
        <Button variant="contained" size="large" disabled={loading} onClick={() => onAction('complete')}>
          {t('overlays.signing-success.action')}
        </Button>
      }
    >
      {descriptor.props?.extra as ReactNode}
    </OverlayFrame>
  );
}

/** The QES limits the API may answer with, and their text (the time they end as `time`). */
const limitTexts: Partial<Record<ClientErrorCode, string>> = {
  SIGNING_RATE_LIMITED: 'overlays.signing-failure.rate_limited',
  SIGNING_BLOCKED: 'overlays.signing-failure.blocked',
};

export function SigningFailureOverlay(props: OverlayComponentProps) {
  const { t } = useTranslation(ns);
  const message = props.descriptor.props?.message as string | undefined;
  // signing-outcome.ts puts the failed answer's code in the props.
  const limit = limitTexts[props.descriptor.props?.code as ClientErrorCode];
  const retryAt = props.descriptor.props?.retryAt as string | undefined;
  // A limit says until when no retry helps: no retry button then, and no details.
  const limitText = limit && retryAt ? t(limit, { time: formatDateTime(retryAt) }) : undefined;
  return (
    <MessageOverlay
      {...props}
      name="signing-failure"
      icon={limitText ? <LockClockOutlinedIcon /> : <ErrorOutlineIcon />}
      tone="error"
      body={limitText}
      retryLabel={limitText ? undefined : t('overlays.retry')}
    >
      {!limitText && (
        <>
          {message && (
            <Alert severity="error" sx={{ textAlign: 'left', width: '100%' }}>
              {message}
            </Alert>
          )}
          {props.descriptor.props?.extra as ReactNode}
        </>
      )}
    </MessageOverlay>
  );
}

/** Ticks down once a second from `seconds` to 0. */
export function useSecondsLeft(seconds: number): [number, (value: number) => void] {
  const [left, setLeft] = useState(seconds);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return [left, setLeft];
}

const lockPollMs = 3000;

/** Someone else is signing this request (409 REQUEST_LOCKED): try again after Retry-After. */
export function SigningLockedOverlay({ descriptor, loading, onAction }: OverlayComponentProps) {
  const { t } = useTranslation(ns);
  const [left, setLeft] = useSecondsLeft(Number(descriptor.props?.retryAfterSeconds ?? 5));
  const isFree = descriptor.props?.isFree as (() => Promise<boolean>) | undefined;
  const waiting = left > 0;
  // Asks lock-status now and then: the other signer may be done long before Retry-After.
  useEffect(() => {
    if (!waiting || !isFree) return;
    const timer = setInterval(() => {
      isFree().then(
        (free) => free && setLeft(0),
        () => undefined,
      );
    }, lockPollMs);
    return () => clearInterval(timer);
  }, [waiting, isFree, setLeft]);
  return (
    <MessageOverlay
      loading={loading}
      onAction={onAction}
      name="signing-locked"
      icon={<LockClockOutlinedIcon />}
      tone="warning"
      retryDisabled={left > 0}
      retryLabel={left > 0 ? t('overlays.signing-locked.wait', { count: left }) : t('overlays.retry')}
    />
  );
}

/**
 * An overlay that tells what happened (`overlays.<name>.title` and `.body`) with Close and, where
 * there is one, the way on: retry (action 'retry') under its own label, or a link.
 */
function MessageOverlay({
  name,
  icon,
  tone,
  body,
  retryLabel,
  retryDisabled,
  link,
  children,
  loading,
  onAction,
}: Pick<OverlayComponentProps, 'loading' | 'onAction'> & {
  name: string;
  icon: ReactNode;
  tone: OverlayTone;
  body?: string;
  retryLabel?: string;
  retryDisabled?: boolean;
  link?: { to: StaticPath; label: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <OverlayFrame
      icon={icon}
      tone={tone}
      title={t(`overlays.${name}.title`)}
      body={body ?? t(`overlays.${name}.body`)}
      actions={
        <>
          <CloseButton loading={loading} onAction={onAction} />
          {retryLabel && (
            <RetryButton loading={loading} onAction={onAction} label={retryLabel} disabled={retryDisabled} />
          )}
          {link && (
            // A full page load (the signing and its overlay are left behind).
            <ButtonLink variant="contained" size="large" to={link.to} reloadDocument>
              {link.label}
            </ButtonLink>
          )}
        </>
      }
    >
      {children}
    </OverlayFrame>
  );
}

export function TanInvalidOverlay(props: OverlayComponentProps) {
  const { t } = useTranslation(ns);
  // The API's `details.remainingAttempts` (signing-outcome.ts passes it on); absent when it did not say.
  const attempts = props.descriptor.props?.remainingAttempts;
  return (
    <MessageOverlay
      {...props}
      name="tan-invalid"
      icon={<PasswordIcon />}
      tone="error"
      body={
        typeof attempts === 'number'
          ? t('overlays.tan-invalid.body_attempts', { count: attempts })
          : undefined
      }
      retryLabel={t('overlays.tan-invalid.action')}
    />
  );
}

/**
 * An overlay that only tells what happened (`overlays.<name>.title` and `.body`): Close, and where
 * there is one the way on, its label a text key: a retry, or a link.
 */
function tellingOverlay(
  name: string,
  icon: ReactNode,
  tone: OverlayTone,
  way: { retry?: string; link?: { to: StaticPath; label: string } } = {},
) {
  return function TellingOverlay(props: OverlayComponentProps) {
    const { t } = useTranslation(ns);
    return (
      <MessageOverlay
        {...props}
        name={name}
        icon={icon}
        tone={tone}
        retryLabel={way.retry && t(way.retry)}
        link={way.link && { to: way.link.to, label: t(way.link.label) }}
      />
    );
  };
}

export const TanExpiredOverlay = tellingOverlay('tan-expired', <HourglassBottomIcon />, 'warning', {
  retry: 'overlays.new_code',
});

export const TanLockedOverlay = tellingOverlay('tan-locked', <LockOutlinedIcon />, 'error', {
  retry: 'overlays.start_again',
});

export const ExhaustedSignaturesOverlay = tellingOverlay(
  'exhausted-signatures',
  <WorkspacePremiumOutlinedIcon />,
  'info',
  { link: { to: '/upgrade', label: 'overlays.exhausted-signatures.action' } },
);

export const SerialNumberMismatchOverlay = tellingOverlay(
  'serial-number-mismatch',
  <PersonOffOutlinedIcon />,
  'error',
);

/** A form inside an overlay: its fields, then Cancel and the submit button. */
function OverlayForm({
  onSubmit,
  submitLabel,
  loading,
  onAction,
  children,
}: Pick<OverlayComponentProps, 'loading' | 'onAction'> & {
  onSubmit: () => void;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ width: '100%', textAlign: 'left' }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        <CloseButton loading={loading} onAction={onAction} label={t('common.cancel')} />
        <Button type="submit" variant="contained" size="large" loading={loading} disabled={loading}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Part 11: signing name and reason go on the signature; the password is entered again. */
export function Part11VerificationOverlay({ descriptor, loading, onAction }: OverlayComponentProps) {
  const { t } = useTranslation(ns);
  const { t: tg } = useTranslation();
  const defaults = descriptor.props?.defaults as { signingName: string; signingReason: string } | null;
  const errorField = descriptor.props?.errorField as string | null | undefined;
  const [values, setValues] = useState({
    signingName: defaults?.signingName ?? '',
    signingReason: defaults?.signingReason ?? '',
    password: '',
  });
  const [touched, setTouched] = useState(false);
  const errors = {
    signingName: rules.required().pipe(rules.maxLength(100)).safeParse(values.signingName).error?.issues[0]
      ?.message,
    signingReason: rules.required().pipe(rules.maxLength(200)).safeParse(values.signingReason).error
      ?.issues[0]?.message,
    password: rules.required().safeParse(values.password).error?.issues[0]?.message,
  };
  const valid = !errors.signingName && !errors.signingReason && !errors.password;
  const field = (name: keyof typeof values, label: string, extra: object = {}) => (
    <TextInput
      label={label}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={touched && Boolean(errors[name])}
      helperText={touched ? translateValidation(tg, errors[name]) : undefined}
      required
      fullWidth
      {...extra}
    />
  );
  return (
    <OverlayFrame
      icon={<VerifiedUserOutlinedIcon />}
      tone="info"
      title={t('overlays.part11-verification.title')}
      body={t('overlays.part11-verification.body')}
    >
      <OverlayForm
        loading={loading}
        onAction={onAction}
        submitLabel={t('overlays.part11-verification.action')}
        onSubmit={() => {
          setTouched(true);
          if (valid) onAction('verify', values);
        }}
      >
        {errorField === 'password' && (
          <Alert severity="error">{t('overlays.part11-verification.wrong_password')}</Alert>
        )}
        {field('signingName', t('overlays.part11-verification.name'), { autoFocus: true })}
        {field('signingReason', t('overlays.part11-verification.reason'))}
        {field('password', tg('common.password'), { type: 'password', autoComplete: 'current-password' })}
      </OverlayForm>
    </OverlayFrame>
  );
}

/** QES sends the code by SMS: without a mobile number the signer adds one (or asks the sender). */
export function MobileAesOverlay({ descriptor, loading, onAction }: OverlayComponentProps) {
  const { t } = useTranslation(ns);
  const { t: tg } = useTranslation();
  const canAdd = Boolean(descriptor.props?.canAddMobile);
  const [mobile, setMobile] = useState('');
  const [touched, setTouched] = useState(false);
  const error = mobile.trim()
    ? rules.phone().safeParse(mobile).error?.issues[0]?.message
    : 'validation.required';
  return (
    <OverlayFrame
      icon={<PhoneIphoneIcon />}
      tone="info"
      title={t('overlays.mobile-aes.title')}
      body={canAdd ? t('overlays.mobile-aes.body') : t('overlays.mobile-aes.body_visitor')}
      actions={canAdd ? undefined : <CloseButton loading={loading} onAction={onAction} />}
    >
      {canAdd && (
        <OverlayForm
          loading={loading}
          onAction={onAction}
          submitLabel={t('overlays.mobile-aes.action')}
          onSubmit={() => {
            setTouched(true);
            if (!error) onAction('save', mobile.trim());
          }}
        >
          <TextInput
            label={t('overlays.mobile-aes.mobile')}
            value={mobile}
            onChange={(event) => setMobile(event.target.value)}
            type="tel"
            autoComplete="tel"
            required
            autoFocus
            error={touched && Boolean(error)}
            helperText={touched && error ? translateValidation(tg, error) : t('overlays.mobile-aes.hint')}
          />
        </OverlayForm>
      )}
    </OverlayFrame>
  );
}
