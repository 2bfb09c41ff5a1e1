import { LockStatus } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';
import { accessOptions, accessPath, type SigningAccess } from '../../../lib/signing-access.ts';

/** GET /v3/(direct/)signature-requests/{id}/lock-status: is somebody signing it right now? */
export function getLockStatus(access: SigningAccess, id: string) {
  return apiRequest(
    accessPath(access, `/v3/signature-requests/${encodeURIComponent(id)}/lock-status`),
    accessOptions(access),
    LockStatus,
  );
}
