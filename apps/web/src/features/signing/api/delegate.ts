import type { z } from 'zod';
import { SignatureRequest, type DelegateBody } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v3/signature-requests/{id}/delegate: hand one's open signature to someone else. */
export function delegate(id: string, body: z.input<typeof DelegateBody>) {
  return apiRequest(
    `/v3/signature-requests/${encodeURIComponent(id)}/delegate`,
    { method: 'POST', body },
    SignatureRequest,
  );
}
