import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../../components/business-admin-page.tsx';
import { BusinessLockNotice } from '../../../../components/business-lock-notice.tsx';
import { PageLoading } from '../../../../components/page-frame.tsx';
import { useErrorText } from '../../../../lib/server-errors.ts';
import { useLifecycle } from '../../api/lifecycle.ts';
import { useInvitations, useMembers } from '../../api/members.ts';
import { BusinessDeletionCard } from './business-deletion-card.tsx';
import { InvitationsList } from './invitations-list.tsx';
import { InviteForm } from './invite-form.tsx';
import { MembersTable } from './members-table.tsx';

const ns = 'business';

/**
 * /business/members: everybody in the business, the invitations waiting for an answer, the form to
 * invite more people with the seats left, and deleting the business. Admins only (the route table says so).
 * The page a locked business's admin is sent to (spec §4): it says why, and how to unlock.
 */
export function MembersPage() {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage
      title={t('members.title')}
      subtitle={t('members.subtitle')}
      loadingLabel={t('members.loading')}
    >
      {(businessId) => (
        <>
          <BusinessLockNotice />
          <People businessId={businessId} />
        </>
      )}
    </BusinessAdminPage>
  );
}

function People({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const members = useMembers(businessId);
  const invitations = useInvitations(businessId);
  const lifecycle = useLifecycle(businessId);
  const failed = members.error ?? invitations.error ?? lifecycle.error;
  const content = failed ? (
    <Alert severity="error" role="alert">
      {errorText(failed)}
    </Alert>
  ) : members.data && invitations.data && lifecycle.data ? (
    <>
      <MembersTable businessId={businessId} members={members.data} />
      <InvitationsList businessId={businessId} invitations={invitations.data} />
      <BusinessDeletionCard businessId={businessId} deletion={lifecycle.data.deletion} />
    </>
  ) : (
    <PageLoading label={t('members.loading')} />
  );
  return (
    <>
      <InviteForm businessId={businessId} seats={lifecycle.data?.seats} />
      {content}
    </>
  );
}
