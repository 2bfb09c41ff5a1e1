import { RemindResult } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v3/signature-requests/{id}/remind (owner; once an hour, else 429). */
export function remind(id: string) {
  return apiRequest(
    `/v3/signature-requests/${encodeURIComponent(id)}/remind`,
    { method: 'POST' },
    RemindResult,
  );
}
