import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextLink } from '../../../components/router-links.tsx';
import { useErrorText } from '../../../lib/server-errors.ts';
import { rules } from '../../../lib/validation.ts';
import { useLogin } from '../api/login.ts';
import { useSsoFor, useSsoSession } from '../api/single-sign-on.ts';
import { deviceTokenFor, rememberDeviceToken } from '../device-tokens.ts';
import { normaliseLoginSearch, safeReturnPath } from '../login-search.ts';
import { useSignIn } from '../use-sign-in.ts';
import {
  AccountForm,
  AuthFooter,
  EmailField,
  LinkCheckingCard,
  SubmitButton,
  useAccountForm,
} from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';

const LoginForm = z.object({ email: rules.email(), password: rules.required() });
const emailShape = rules.email();

/** Where to return after a single sign-on: kept in this tab while the browser is at the provider. */
const ssoReturnKey = 'signet.sso-return';

export function LoginPage() {
  const search = normaliseLoginSearch(useSearch({ strict: false }));
  return search.sso === 'done' ? <SsoSessionTakeover /> : <PasswordOrSsoLogin />;
}

/** Back from the company's provider: the session is taken over, then on to where the person was going. */
function SsoSessionTakeover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const errorText = useErrorText();
  const session = useSsoSession();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    session.mutate(undefined, {
      onSuccess: async (token) => {
        await signIn(token);
        const target = safeReturnPath(sessionStorage.getItem(ssoReturnKey));
        sessionStorage.removeItem(ssoReturnKey);
        // The guard sends a new account to /signup/sso first.
        if (target) await navigate({ href: target, replace: true });
        else await navigate({ to: '/dashboard', replace: true });
      },
    });
  }, [session, signIn, navigate]);
  if (!session.isError) return <LinkCheckingCard title={t('login.sso_signing_in')} />;
  return (
    <AuthCard title={t('login.title')} error={errorText(session.error)}>
      <Button variant="contained" size="large" fullWidth onClick={() => void navigate({ to: '/login' })}>
        {t('common.to_login')}
      </Button>
    </AuthCard>
  );
}

function PasswordOrSsoLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const errorText = useErrorText();
  const search = normaliseLoginSearch(useSearch({ strict: false }));
  const login = useLogin();
  const ssoFor = useSsoFor();
  // The address the last answer is for: typing another one asks again.
  const [sso, setSso] = useState<{ email: string; url: string | null } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { form, field, formError, submit } = useAccountForm(
    LoginForm,
    { email: search.email ?? '', password: '' },
    ['email', 'password'],
  );
  const email = form.watch('email').trim().toLowerCase();
  const ssoUrl = sso?.email === email ? sso.url : null;

  /** Asks whether the address's company signs it in; null for password login (or a failed question). */
  const askSso = async (address: string): Promise<string | null> => {
    if (!emailShape.safeParse(address).success) return null;
    if (sso?.email === address) return sso.url;
    const url = await ssoFor.mutateAsync(address).catch(() => null);
    setSso({ email: address, url });
    return url;
  };
  const goToProvider = (url: string) => {
    if (search.redirect) sessionStorage.setItem(ssoReturnKey, search.redirect);
    else sessionStorage.removeItem(ssoReturnKey);
    setLeaving(true);
    window.location.assign(url);
  };

  const onSubmit = submit(async (values) => {
    const token = await login.mutateAsync({ ...values, deviceToken: deviceTokenFor(values.email) });
    rememberDeviceToken(values.email, token.deviceToken);
    await signIn(token);
    // The return target is a path with its query, as the guard remembered it.
    if (search.redirect) await navigate({ href: search.redirect, replace: true });
    else await navigate({ to: '/dashboard', replace: true });
  });
  const onSubmitEither = async (event: FormEvent) => {
    // Enter in the e-mail field, before it lost focus: ask first, rather than demand a password.
    const url = ssoUrl ?? (form.getValues('password') ? null : await askSso(email));
    if (url) goToProvider(url);
    else await onSubmit(event);
  };
  const emailField = field('email');

  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')} error={formError}>
      <AccountForm
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmitEither(event);
        }}
      >
        <EmailField
          autoFocus={!search.email}
          {...emailField}
          onBlur={(event) => {
            void emailField.onBlur(event);
            void askSso(event.target.value.trim().toLowerCase());
          }}
        />
        {ssoUrl ? (
          <>
            <Alert severity="info" icon={<BusinessOutlinedIcon />} role="status">
              {t('login.sso_applies')}
            </Alert>
            <SubmitButton busy={leaving}>{t('login.sso_continue')}</SubmitButton>
          </>
        ) : (
          <>
            {ssoFor.isError && (
              <Alert severity="warning" role="status">
                {errorText(ssoFor.error)}
              </Alert>
            )}
            <PasswordField
              label={t('common.password')}
              autoComplete="current-password"
              autoFocus={Boolean(search.email)}
              {...field('password')}
            />
            <TextLink to="/password-reset" variant="body2" sx={{ alignSelf: 'flex-end' }}>
              {t('login.forgot')}
            </TextLink>
            <SubmitButton busy={form.formState.isSubmitting || ssoFor.isPending}>
              {t('common.login')}
            </SubmitButton>
          </>
        )}
      </AccountForm>
      <AuthFooter>
        {t('login.no_account')} <TextLink to="/signup">{t('login.to_signup')}</TextLink>
      </AuthFooter>
    </AuthCard>
  );
}
