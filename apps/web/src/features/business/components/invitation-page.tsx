import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ReceivedInvitation } from '@signet/contracts/businesses';
import { PageLoading } from '../../../components/page-frame.tsx';
import { ButtonLink, ToDashboardLink } from '../../../components/router-links.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/i18n.ts';
import { getToken } from '../../../lib/session.ts';
import { useAnswerInvitation } from '../api/answer-invitation.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { forgetInvitation, rememberInvitation } from '../../../lib/remembered-invitation.ts';

/** Heading, one explaining paragraph and the ways on: every state of the page has this frame. */
function Frame({ text, children }: { text?: string; children?: ReactNode }) {
  const { t } = useTranslation('business');
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ display: 'grid', gap: 2 }}>
      <Box aria-hidden="true" sx={{ color: 'primary.main', textAlign: 'center', '& svg': { fontSize: 56 } }}>
        <BusinessOutlinedIcon />
      </Box>
      <Typography id="page-title" variant="h1" tabIndex={-1} sx={{ outline: 'none', textAlign: 'center' }}>
        {t('invitation.title')}
      </Typography>
      {text && <Typography sx={{ textAlign: 'center' }}>{text}</Typography>}
      {children}
    </Box>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center', mt: 1 }}>{children}</Box>
  );
}

/**
 * /invite/{secret}: the spec's business-invitation dialog as a page, opened from the invitation
 * mail. Somebody signed out is asked to log in or sign up first (the link is remembered through
 * signup); the invited account then sees who invites it where, and accepts or declines.
 */
export function InvitationPage() {
  const { t } = useTranslation('business');
  const { id: secret = '' } = useParams({ strict: false }) as { id?: string };
  const navigate = useNavigate();
  const router = useRouter();
  const signedIn = getToken() !== null;
  const invitation = useInvitation(secret, signedIn);

  useEffect(() => {
    if (signedIn) forgetInvitation();
    else rememberInvitation(secret);
  }, [signedIn, secret]);

  if (!signedIn)
    return (
      <Frame text={t('invitation.signed_out')}>
        <Actions>
          <Button
            variant="contained"
            onClick={() => {
              const here = router.buildLocation({ to: '/invite/$id', params: { id: secret } }).href;
              void navigate({ to: '/login', search: { redirect: here } });
            }}
          >
            {t('invitation.log_in')}
          </Button>
          <ButtonLink to="/signup" variant="outlined">
            {t('invitation.sign_up')}
          </ButtonLink>
        </Actions>
      </Frame>
    );
  if (invitation.isPending)
    return (
      <Frame>
        <PageLoading label={t('invitation.loading')} />
      </Frame>
    );
  if (invitation.isError) {
    // A malformed link (its secret refused by the schema) is as invalid as an unknown one.
    const error = isApiError(invitation.error) ? invitation.error : null;
    const code = error?.code === 'VALIDATION_FAILED' ? 'INVITATION_NOT_FOUND' : error?.code;
    const known = code === 'INVITATION_NOT_FOUND' || code === 'INVITATION_WRONG_ACCOUNT';
    return (
      <Frame>
        <Alert severity={known ? 'warning' : 'error'} role="alert">
          <Typography component="h2" sx={{ fontWeight: 600 }}>
            {t(`invitation.states.${known ? code : 'load_failed'}.heading`)}
          </Typography>
          {t(`invitation.states.${known ? code : 'load_failed'}.text`)}
        </Alert>
        <Actions>
          {code === 'INVITATION_WRONG_ACCOUNT' && (
            <ButtonLink to="/logout" variant="contained">
              {t('invitation.log_out')}
            </ButtonLink>
          )}
          {!known && (
            <Button variant="contained" onClick={() => void invitation.refetch()}>
              {t('common.try_again', { ns: 'translation' })}
            </Button>
          )}
          <ToDashboardLink />
        </Actions>
      </Frame>
    );
  }
  return <InvitationDetails secret={secret} invitation={invitation.data} />;
}

function InvitationDetails({ secret, invitation }: { secret: string; invitation: ReceivedInvitation }) {
  const { t } = useTranslation('business');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const answer = useAnswerInvitation(secret);
  const [error, setError] = useState<string | null>(null);
  const business = invitation.businessName;

  if (invitation.status !== 'pending')
    return (
      <Frame>
        <Alert severity={invitation.status === 'accepted' ? 'success' : 'info'} role="status">
          <Typography component="h2" sx={{ fontWeight: 600 }}>
            {t(`invitation.states.${invitation.status}.heading`)}
          </Typography>
          {t(`invitation.states.${invitation.status}.text`, { business })}
        </Alert>
        <Actions>
          <ToDashboardLink />
        </Actions>
      </Frame>
    );

  const respond = async (choice: 'accept' | 'decline') => {
    setError(null);
    try {
      await answer.mutateAsync(choice);
      // The user is a member now (or not): the guards and the app bar read the user and business.
      await queryClient.invalidateQueries({ queryKey: ['user'], refetchType: 'all' });
      showSnackbar({
        message: `business:invitation.${choice === 'accept' ? 'accepted' : 'declined'}`,
        values: { business },
        color: choice === 'accept' ? 'success' : 'info',
      });
      await navigate({ to: '/dashboard' });
    } catch (cause) {
      const code = isApiError(cause) ? cause.code : '';
      setError(t([`invitation.errors.${code}`, 'invitation.errors.failed']));
      await queryClient.invalidateQueries({ queryKey: ['business-invitation', secret] });
    }
  };

  const inviter = invitation.invitedBy
    ? `${invitation.invitedBy.firstName} ${invitation.invitedBy.lastName}`
    : null;
  const facts: Array<[string, string]> = [
    [t('invitation.business'), business],
    ...(inviter ? [[t('invitation.invited_by'), inviter] as [string, string]] : []),
    [t('invitation.role'), t(`invitation.roles.${invitation.role}`)],
    [t('invitation.sent_to'), invitation.email],
    [t('invitation.valid_until'), formatDateTime(invitation.expiresAt)],
  ];
  return (
    <Frame
      text={
        inviter ? t('invitation.intro', { inviter, business }) : t('invitation.intro_anonymous', { business })
      }
    >
      <FactList facts={facts} />
      <Typography color="text.secondary">{t(`invitation.explain_${invitation.role}`)}</Typography>
      {invitation.inOtherBusiness && (
        <Alert severity="warning" role="status">
          {t('invitation.other_business')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Actions>
        <Button
          variant="contained"
          onClick={() => void respond('accept')}
          disabled={invitation.inOtherBusiness || (answer.isPending && answer.variables !== 'accept')}
          loading={answer.isPending && answer.variables === 'accept'}
        >
          {t('invitation.accept')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void respond('decline')}
          disabled={answer.isPending && answer.variables !== 'decline'}
          loading={answer.isPending && answer.variables === 'decline'}
        >
          {t('invitation.decline')}
        </Button>
      </Actions>
    </Frame>
  );
}
