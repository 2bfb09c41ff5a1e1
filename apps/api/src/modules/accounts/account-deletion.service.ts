import { AppError } from '../../errors.ts';
import { queueMail } from '../../mail/mailer.ts';
import type { UserCaller } from '../../plugins/auth.ts';
import { leaveBusinessOfDeletedAccount } from '../businesses/business-leaving.service.ts';
import type { SignatureRequestsDeps } from '../signature-requests/request-deps.ts';
import { withdrawOpenRequestsOf } from '../signature-requests/request-lifecycle.service.ts';
import { requireUser, type AccountsDeps } from './accounts.service.ts';
import * as repo from './accounts.repository.ts';
import { enforceLimit, oneHour } from './email-tokens.ts';
import { passwordMatches } from './password-hashing.ts';
import { attributesOf } from './user-dto.ts';

// Deleting one's account (POST /v1/user/delete), and what happens to everything it touched. This
// is what the delete-account dialog promises, in this order and in one transaction:
// 1. The user leaves their business. A business with nobody else in it goes with the account; the
//    last admin of one with other people must make somebody else admin first (LAST_ADMIN).
// 2. Every request they sent that is still open is withdrawn: its signers and observers get the
//    withdrawal notice, as if the owner had withdrawn it.
// 3. The account goes, and with it (ON DELETE CASCADE) their sessions, drafts, documents and every
//    request they sent, finished ones too, with their audit trails.
// 4. Requests that others sent them stay with those people: their signer entry stays (it no longer
//    points to an account), and a signature they gave stays in the document.

export type AccountDeletionDeps = AccountsDeps & SignatureRequestsDeps;

/** Password attempts per account and hour: a borrowed session cannot guess its way to a deletion. */
const attemptsPerHour = 10;

export async function deleteAccount(
  deps: AccountDeletionDeps,
  caller: UserCaller,
  password: string,
): Promise<void> {
  const user = await requireUser(deps.db, caller.userId);
  await enforceLimit(
    deps.db,
    { key: `delete-account:${user.id}`, limit: attemptsPerHour, windowMs: oneHour },
    deps.clock.now(),
  );
  if (!(await passwordMatches(user.passwordHash, password)))
    throw new AppError('WRONG_PASSWORD', 'The password is wrong.', { field: 'password' });
  await deps.db.transaction(async (tx) => {
    await leaveBusinessOfDeletedAccount({ db: tx }, user.id);
    await withdrawOpenRequestsOf({ ...deps, db: tx }, tx, user.id);
    await repo.deleteUser(tx, user.id);
    await queueMail(tx, deps.clock, {
      to: user.email,
      template: 'accountDeleted',
      lang: attributesOf(user).lang,
      params: { firstName: user.firstName },
    });
  });
}
