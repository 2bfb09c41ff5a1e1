import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '@signet/contracts/accounts';
import { openDialog } from '../../../components/dialog-store.ts';
import { EmptyState, PageFrame, PageLoading } from '../../../components/page-frame.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { userQueryKey, useUser } from '../../../lib/api/get-user.ts';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';
import { clearToken } from '../../../lib/session.ts';
import { useProfileTranslation } from '../use-profile-translation.ts';
import { EmailChangeForm } from './email-change-form.tsx';
import { ProfileDetailsForm } from './profile-details-form.tsx';

/** A profile page: the user, once loaded (else why not, with a retry), and the page's content for them. */
export function ProfileFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: (user: User) => ReactNode;
}) {
  const { t } = useProfileTranslation();
  const user = useUser();
  if (user.data)
    return (
      <PageFrame title={title} subtitle={subtitle}>
        {children(user.data)}
      </PageFrame>
    );
  return (
    <PageFrame title={title}>
      {user.isError ? (
        <EmptyState
          icon={<PersonOutlineIcon />}
          heading={t('profile.load_failed.heading')}
          text={t('profile.load_failed.text')}
          action={
            <Button variant="outlined" onClick={() => void user.refetch()}>
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

/** A section whose one (red) button opens a profile dialog; once that reports `done`, `onDone` moves on. */
function DialogSection({
  dialog,
  props,
  done,
  onDone,
  button,
  children,
  ...card
}: {
  id: string;
  heading: string;
  intro?: string;
  headingSpace?: number;
  dialog: 'leave-business' | 'delete-account';
  props: Record<string, unknown>;
  done: string;
  onDone: (queryClient: QueryClient, navigate: ReturnType<typeof useNavigate>) => Promise<void>;
  button: string;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = () =>
    openDialog({
      namespace: 'profile',
      name: dialog,
      props,
      onAction: async (action) => {
        if (action === done) await onDone(queryClient, navigate);
      },
    });
  return (
    <SectionCard {...card}>
      {children}
      <Button variant="outlined" color="error" onClick={open}>
        {button}
      </Button>
    </SectionCard>
  );
}

/** /profile (spec §2): personal details, e-mail address, business membership, deleting the account. */
export function ProfilePage() {
  const { t } = useProfileTranslation();
  const business = useQuery(userBusinessQueryOptions).data;
  return (
    <ProfileFrame title={t('titles.profile')} subtitle={t('profile.subtitle')}>
      {(user) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 720 }}>
          <SectionCard id="profile-details" heading={t('profile.details.heading')} headingSpace={2}>
            <ProfileDetailsForm key={user.id} user={user} />
          </SectionCard>
          <SectionCard id="profile-email" heading={t('profile.email.heading')} headingSpace={2}>
            <EmailChangeForm user={user} />
          </SectionCard>
          {business && (
            // Membership: who the user is in which business, and the way out (member only; spec §2 dialog).
            <DialogSection
              id="profile-business"
              heading={t('profile.business.heading')}
              dialog="leave-business"
              props={{ id: business.id, name: business.name, role: business.role }}
              done="left"
              onDone={async (queryClient, navigate) => {
                showSnackbar({ message: t('dialogs.leave.done'), color: 'success' });
                // Spec §4: out of a business, the downgrade dialog leads on to a personal account (/billing).
                await queryClient.invalidateQueries({ queryKey: userQueryKey });
                await navigate({ to: '/dashboard' });
              }}
              button={t('profile.business.leave')}
            >
              <Typography sx={{ mb: 2 }}>
                {t(business.role === 'admin' ? 'profile.business.admin' : 'profile.business.member', {
                  name: business.name,
                })}
              </Typography>
            </DialogSection>
          )}
          <DialogSection
            id="profile-delete"
            heading={t('profile.delete.heading')}
            intro={t('profile.delete.text')}
            headingSpace={2}
            dialog="delete-account"
            props={{ inBusiness: Boolean(business) }}
            done="deleted"
            onDone={async (queryClient, navigate) => {
              // The server ended every session; this tab and the others forget theirs.
              clearToken(true);
              queryClient.clear();
              showSnackbar({ message: t('dialogs.delete.done'), color: 'success' });
              await navigate({ to: '/bye', replace: true });
            }}
            button={t('profile.delete.button')}
          />
        </Box>
      )}
    </ProfileFrame>
  );
}
