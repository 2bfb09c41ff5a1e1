import { AcceptBody } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/user/accept: accept the terms (gtc), a business invitation or the QTSP terms of use. */
export function accept(what: z.infer<typeof AcceptBody>['accept']): Promise<void> {
  return apiRequest('/v1/user/accept', { method: 'POST', body: { accept: what } });
}
