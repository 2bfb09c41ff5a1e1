import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { userQueryKey, userQueryOptions } from '../lib/api/get-user.ts';
import { businessSettingsQueryOptions } from '../features/business/api/get-business-settings.ts';
import { userBusinessQueryOptions } from '../lib/api/get-user-business.ts';
import { openAutoDeletionDialog } from '../features/business/components/auto-deletion-dialog.tsx';
import { PlanMigrationPrompt } from '../features/billing/components/plan-migration-dialogs.tsx';
import { DomainOfferNotice } from '../features/business-domains/components/domain-offer-notice.tsx';
import { deleteRequestsAndDocuments } from '../features/dashboard/api/delete-signature-requests.ts';
import { DashboardPage, type DashboardUser } from '../features/dashboard/components/dashboard-page.tsx';
import { deleteDocuments } from '../features/documents/api/delete-document.ts';
import { openDeleteDocumentsDialog } from '../features/documents/components/delete-documents-dialog.tsx';

/** Deleting from the dashboard: the documents dialog, deleting the requests and then their documents. */
function deleteRequests(requests: SignatureRequest[], done: () => void): void {
  const documentIds = requests.flatMap((request) => request.documents.map((document) => document.id));
  openDeleteDocumentsDialog(documentIds, done, () => deleteRequestsAndDocuments(requests, deleteDocuments));
}

/** Composes the dashboard with the signed-in user, their free credit and the delete dialog. */
export function DashboardRoute() {
  const client = useQueryClient();
  const user = useQuery(userQueryOptions).data;
  const business = useQuery(userBusinessQueryOptions);
  const adminOf = business.data?.role === 'admin' ? business.data.id : null;
  const settings = useQuery({ ...businessSettingsQueryOptions(adminOf ?? ''), enabled: adminOf !== null });
  const retention = settings.data?.signatureRequests.retention;
  const dashboardUser: DashboardUser | undefined = user && {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    createdAt: user.createdAt,
    // Spec §4: credit matters to users without a business; unknown until the business has loaded.
    freeSignaturesRemaining:
      business.isSuccess && !business.data ? user.attributes.free_signatures_remaining : null,
  };
  return (
    <DashboardPage
      user={dashboardUser}
      notice={
        <>
          <DomainOfferNotice inNoBusiness={business.isSuccess && !business.data} />
          {/* Spec §2 fair-flat and free migration: told to admins only, once. */}
          {adminOf && <PlanMigrationPrompt businessId={adminOf} />}
        </>
      }
      onDelete={deleteRequests}
      // Signing spends free credit (spec §4): the user is read again.
      onSigned={() => void client.invalidateQueries({ queryKey: userQueryKey })}
      autoDeletion={
        adminOf && retention
          ? {
              enabled: retention.enabled,
              days: retention.terminalState,
              onToggle: () =>
                openAutoDeletionDialog(adminOf, !retention.enabled, () =>
                  client.invalidateQueries({ queryKey: businessSettingsQueryOptions(adminOf).queryKey }),
                ),
            }
          : null
      }
    />
  );
}
