import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** The qualified trust service's terms of use (tou_swisscom), accepted before the first QES. */
export function acceptSigningTerms(): Promise<void> {
  return callApi(accountEndpoints.accept, { body: { accept: 'tou_swisscom' } }).then(() => undefined);
}
