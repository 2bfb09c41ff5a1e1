import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { openDialog } from '../../../components/dialog-store.ts';
import { EmptyState, PageFrame, PageLoading } from '../../../components/page-frame.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { userQueryKey, useUser } from '../../../lib/api/get-user.ts';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';
import type { BusinessMembership } from '../../../lib/business-membership.ts';
import { clearToken } from '../../../lib/session.ts';
import { useProfileTranslation } from '../use-profile-translation.ts';
import { EmailChangeForm } from './email-change-form.tsx';
import { ProfileDetailsForm } from './profile-details-form.tsx';

/** The page's body while the user loads, or when they could not be loaded. */
export function ProfileLoading({
  title,
  failed,
  onRetry,
}: {
  title: string;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useProfileTranslation();
  return (
    <PageFrame title={title}>
      {failed ? (
        <EmptyState
          icon={<PersonOutlineIcon />}
          heading={t('profile.load_failed.heading')}
          text={t('profile.load_failed.text')}
          action={
            <Button variant="outlined" onClick={onRetry}>
              {t('common.try_again')}
            </Button>
          }
        />
      ) : (
        <PageLoading label={t('profile.loading')} />
      )}
    </PageFrame>
  );
}

/** Membership: who the user is in which business, and the way out (member only; spec §2 dialog). */
function BusinessSection({ business }: { business: BusinessMembership }) {
  const { t } = useProfileTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const openLeave = () =>
    openDialog({
      namespace: 'profile',
      name: 'leave-business',
      props: { id: business.id, name: business.name, role: business.role },
      onAction: async (action) => {
        if (action !== 'left') return;
        showSnackbar({ message: t('dialogs.leave.done'), color: 'success' });
        // Spec §4: out of a business, the downgrade dialog leads on to a personal account (/billing).
        await queryClient.invalidateQueries({ queryKey: userQueryKey });
        await navigate({ to: '/dashboard' });
      },
    });
  return (
    <SectionCard id="profile-business" heading={t('profile.business.heading')}>
      <Typography sx={{ mb: 2 }}>
        {t(business.role === 'admin' ? 'profile.business.admin' : 'profile.business.member', {
          name: business.name,
        })}
      </Typography>
      <Button variant="outlined" color="error" onClick={openLeave}>
        {t('profile.business.leave')}
      </Button>
    </SectionCard>
  );
}

function DeleteSection({ inBusiness }: { inBusiness: boolean }) {
  const { t } = useProfileTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const openDelete = () =>
    openDialog({
      namespace: 'profile',
      name: 'delete-account',
      props: { inBusiness },
      onAction: async (action) => {
        if (action !== 'deleted') return;
        // The server ended every session; this tab and the others forget theirs.
        clearToken(true);
        queryClient.clear();
        showSnackbar({ message: t('dialogs.delete.done'), color: 'success' });
        await navigate({ to: '/bye', replace: true });
      },
    });
  return (
    <SectionCard
      id="profile-delete"
      heading={t('profile.delete.heading')}
      intro={t('profile.delete.text')}
      headingSpace={2}
    >
      <Button variant="outlined" color="error" onClick={openDelete}>
        {t('profile.delete.button')}
      </Button>
    </SectionCard>
  );
}

/** /profile (spec §2): personal details, e-mail address, business membership, deleting the account. */
export function ProfilePage() {
  const { t } = useProfileTranslation();
  const user = useUser();
  const business = useQuery(userBusinessQueryOptions).data;
  if (!user.data)
    return (
      <ProfileLoading title={t('titles.profile')} failed={user.isError} onRetry={() => void user.refetch()} />
    );
  return (
    <PageFrame title={t('titles.profile')} subtitle={t('profile.subtitle')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 720 }}>
        <SectionCard id="profile-details" heading={t('profile.details.heading')} headingSpace={2}>
          <ProfileDetailsForm key={user.data.id} user={user.data} />
        </SectionCard>
        <SectionCard id="profile-email" heading={t('profile.email.heading')} headingSpace={2}>
          <EmailChangeForm user={user.data} />
        </SectionCard>
        {business && <BusinessSection business={business} />}
        <DeleteSection inBusiness={Boolean(business)} />
      </Box>
    </PageFrame>
  );
}
