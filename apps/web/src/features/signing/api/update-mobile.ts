import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** The mobile number QES codes are sent to (mobile AES overlay). */
export function updateMobile(mobile: string): Promise<void> {
  return callApi(accountEndpoints.updateUser, { body: { attributes: { mobile } } }).then(() => undefined);
}
