import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { BusinessInvitation } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { Image } from '../../../../components/image.tsx';
import { showSnackbar } from '../../../../components/snackbar-store.ts';
import { formatDateTime } from '../../../../lib/i18n.ts';
import { useErrorText } from '../../../../lib/server-errors.ts';
import { useInvite, useRevokeInvitation } from '../../api/members.ts';

const ns = 'business';

/** Invitations nobody has answered: send again (a new link and expiry) or revoke. */
export function InvitationsList({
  businessId,
  invitations,
}: {
  businessId: string;
  invitations: BusinessInvitation[];
}) {
  const { t } = useTranslation(ns);
  return (
    <Box component="section" aria-labelledby="invitations-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="invitations-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('members.invitations.title', { count: invitations.length })}
      </Typography>
      {invitations.length === 0 ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Image src="empty-members.svg" width={160} height={120} alt="" />
          <Typography color="text.secondary">{t('members.invitations.none')}</Typography>
        </Box>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {invitations.map((invitation) => (
            <Box component="li" key={invitation.id} sx={{ minWidth: 0 }}>
              <InvitationRow businessId={businessId} invitation={invitation} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function InvitationRow({ businessId, invitation }: { businessId: string; invitation: BusinessInvitation }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const resend = useInvite(businessId);
  const revoke = useRevokeInvitation(businessId);
  const failed = resend.error ?? revoke.error;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {invitation.email}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`invitation.roles.${invitation.role}`)} ·{' '}
          {invitation.status === 'expired'
            ? t('members.invitations.expired_on', { date: formatDateTime(invitation.expiresAt) })
            : t('members.invitations.valid_until', { date: formatDateTime(invitation.expiresAt) })}
        </Typography>
        {failed && (
          <Typography variant="body2" color="error" role="alert">
            {errorText(failed)}
          </Typography>
        )}
      </Box>
      <Chip
        size="small"
        color={invitation.status === 'expired' ? 'warning' : 'default'}
        label={t(`members.invitations.status.${invitation.status}`)}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          size="small"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate([{ email: invitation.email, role: invitation.role }], {
              onSuccess: () =>
                showSnackbar({
                  message: `${ns}:members.invitations.resent`,
                  values: { email: invitation.email },
                  color: 'success',
                }),
            })
          }
        >
          {t('members.invitations.resend')}
        </Button>
        <Button
          size="small"
          color="error"
          loading={revoke.isPending}
          onClick={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () =>
                showSnackbar({
                  message: `${ns}:members.invitations.revoked`,
                  values: { email: invitation.email },
                  color: 'info',
                }),
            })
          }
          aria-label={t('members.invitations.revoke_for', { email: invitation.email })}
        >
          {t('members.invitations.revoke')}
        </Button>
      </Box>
    </Paper>
  );
}
