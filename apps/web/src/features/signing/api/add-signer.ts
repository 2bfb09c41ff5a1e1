import type { z } from 'zod';
import { SignatureRequest, type SignatureInput } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v3/signature-requests/{id}/signatures (owner): the new signer is invited. */
export function addSigner(id: string, body: z.input<typeof SignatureInput>) {
  return apiRequest(
    `/v3/signature-requests/${encodeURIComponent(id)}/signatures`,
    { method: 'POST', body },
    SignatureRequest,
  );
}
