import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { getAccount } from '../accounts/accounts.service.ts';
import { visibleRequest } from '../signature-requests/request-access.service.ts';
import type { SignatureRequestsDeps } from '../signature-requests/request-deps.ts';
import type { Identifying } from './identification.service.ts';

/**
 * Who identifies: an account (by its name), or a direct-sign visitor as the signer of their request
 * (by the name the requester gave them). Starting needs a verified e-mail address for an account.
 */
export async function identifying(
  deps: SignatureRequestsDeps,
  caller: Caller,
  purpose: 'read' | 'start',
): Promise<Identifying> {
  if (caller.kind === 'user') {
    const user = await getAccount(deps, caller.userId);
    if (purpose === 'start' && !user.emailVerified)
      throw new AppError('EMAIL_NOT_VERIFIED', 'Confirm your e-mail address before you identify.');
    return {
      subject: { kind: 'account', userId: user.id },
      person: { firstName: user.firstName, lastName: user.lastName },
    };
  }
  const { me } = await visibleRequest(deps, caller, caller.requestId);
  if (!me) throw new AppError('NOT_FOUND', 'This signing link is not valid.');
  return {
    subject: { kind: 'visitor', signerId: me.id },
    person: { firstName: me.firstName, lastName: me.lastName },
  };
}
