import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import CookieOutlinedIcon from '@mui/icons-material/CookieOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import WavingHandOutlinedIcon from '@mui/icons-material/WavingHandOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { userQueryOptions } from '../lib/api/get-user.ts';
import { getToken } from '../lib/session.ts';
import { ButtonLink, type StaticPath } from './router-links.tsx';
import { usePageKey } from './use-page-key.ts';

interface MessageSpec {
  icon: ReactNode;
  color: string;
  action: { to: StaticPath; label: string } | 'reload';
}

const toLogin = { to: '/login', label: 'common.to_login' } as const;
const toDashboard = { to: '/dashboard', label: 'common.to_dashboard' } as const;
/** A page whose one way on is to sign in (again) or to go to the dashboard. */
const page = (icon: ReactNode, color: string, action: MessageSpec['action']): MessageSpec => ({
  icon,
  color,
  action,
});
const mailSent = page(<MarkEmailReadOutlinedIcon />, 'primary.main', toLogin);
const loginError = page(<ErrorOutlineIcon />, 'error.main', toLogin);

/** Pages that say one thing and offer one way on (spec §2 simple pages and the ends of the account flows). */
const messages: Record<string, MessageSpec> = {
  'signup-mail-sent': mailSent,
  'business-signup-mail-sent': mailSent,
  'password-reset-mail-sent': mailSent,
  'password-reset-confirm': page(<CheckCircleOutlineIcon />, 'success.main', toLogin),
  'sso-error': loginError,
  'sso-error-company': loginError,
  bye: page(<WavingHandOutlinedIcon />, 'primary.main', { to: '/login', label: 'common.login_again' }),
  expired: page(<HourglassEmptyIcon />, 'warning.main', toLogin),
  cookiesblocked: page(<CookieOutlinedIcon />, 'warning.main', 'reload'),
  sorry: page(<ErrorOutlineIcon />, 'error.main', 'reload'),
  welcome: page(<CheckCircleOutlineIcon />, 'success.main', toDashboard),
  'not-available': page(<BlockOutlinedIcon />, 'text.secondary', toDashboard),
};

export function MessagePage() {
  const { t } = useTranslation();
  const key = usePageKey();
  const navigate = useNavigate();
  const spec = messages[key] ?? messages.sorry!;
  const user = useQuery({ ...userQueryOptions, enabled: key === 'welcome' && Boolean(getToken()) }).data;
  // Why a single sign-on failed (the API's callback names it), said besides what to do.
  const search: { reason?: string } = useSearch({ strict: false });
  const reason =
    key === 'sso-error' && search.reason ? t(`messages.sso-error.reasons.${search.reason}`) : null;
  return (
    <Box sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Box aria-hidden="true" sx={{ color: spec.color, '& svg': { fontSize: 64 } }}>
        {spec.icon}
      </Box>
      <Typography id="page-title" variant="h1" tabIndex={-1} sx={{ outline: 'none' }}>
        {t(`messages.${key}.heading`, { name: user?.firstName ?? '' })}
      </Typography>
      {reason && <Typography>{reason}</Typography>}
      <Typography color="text.secondary">{t(`messages.${key}.text`)}</Typography>
      {spec.action === 'reload' ? (
        <Button
          variant="contained"
          size="large"
          onClick={() => void navigate({ to: '/', reloadDocument: true })}
        >
          {t('common.try_again')}
        </Button>
      ) : (
        <ButtonLink to={spec.action.to} variant="contained" size="large">
          {t(spec.action.label)}
        </ButtonLink>
      )}
    </Box>
  );
}
