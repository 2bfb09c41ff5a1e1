import type { Language } from '@signet/contracts/common';
import type { Db } from '../../db/client.ts';
import type { RequestRow, SignerRow } from '../../db/schema/signature-requests.ts';
import type { ErrorCode } from '@signet/contracts/errors';
import { AppError } from '../../errors.ts';
import type { Caller, UserCaller } from '../../plugins/auth.ts';
import { getAccount, type Account } from '../accounts/accounts.service.ts';
import * as repo from './signature-requests.repository.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';

// Who may see or change a request, and the one status guard every use case checks with.

export const notFound = () => new AppError('NOT_FOUND', 'No such signature request.');

/**
 * The one status guard: throws `code` unless the row (a request or a signer) exists and its status
 * is one of `allowed`. Use cases check once before their slow work, and again under the request's
 * row lock, where a concurrent change shows.
 */
export function assertStatus<Row extends { status: string }>(
  row: Row | null | undefined,
  allowed: ReadonlyArray<Row['status']>,
  code: ErrorCode,
  message: string,
  options: { field?: string } = {},
): asserts row is Row {
  if (!row || !allowed.includes(row.status)) throw new AppError(code, message, options);
}

/**
 * The caller's own open signature of an open request (to decline it or hand it over), both
 * checked: NOT_A_SIGNER, SIGNATURE_REQUEST_NOT_OPEN or ALREADY_SIGNED otherwise.
 */
export function openSignature(
  request: RequestRow | null,
  me: SignerRow | null | undefined,
  notASigner: string,
): { request: RequestRow; me: SignerRow } {
  if (!me) throw new AppError('NOT_A_SIGNER', notASigner);
  assertStatus(request, ['OPEN'], 'SIGNATURE_REQUEST_NOT_OPEN', 'This request is not open.');
  assertStatus(me, ['OPEN'], 'ALREADY_SIGNED', 'You have signed this request already.');
  return { request, me };
}

/** The statuses in which the owner may still change a request. */
export const editableStatuses: ReadonlyArray<RequestRow['status']> = ['DRAFT', 'OPEN'];

export const notEditableMessage = 'Somebody has signed already, or the request is closed.';

export function notEditable(message = notEditableMessage): AppError {
  return new AppError('REQUEST_NOT_EDITABLE', message);
}

/** The signed-in user's id and current e-mail: requests reach accounts by either. */
export async function userIdentity(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  /** The caller's account when the use case has read it already. */
  known?: Account,
): Promise<{ id: string; email: string; firstName: string; lastName: string; lang: Language }> {
  const user = known ?? (await getAccount(deps, caller.userId));
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    lang: user.attributes.lang,
  };
}

export function isSignerOf(signer: SignerRow, user: { id: string; email: string }): boolean {
  return signer.userId === user.id || (signer.kind === 'account' && signer.email === user.email);
}

/** Whose turn it is: with a signing order only the first open signer; otherwise every open one. */
export function canSignNow(request: RequestRow, signers: SignerRow[], signer: SignerRow): boolean {
  if (request.status !== 'OPEN' || signer.status !== 'OPEN') return false;
  if (!request.signingOrder) return true;
  return signers.filter((s) => s.sequence < signer.sequence).every((s) => s.status === 'SIGNED');
}

/** The request, if the caller may see it; NOT_FOUND otherwise (never reveals that it exists). */
export async function visibleRequest(
  deps: SignatureRequestsDeps,
  caller: Caller,
  id: string,
  /** The calling user's account when the use case has read it already (signing reads it once). */
  account?: Account,
): Promise<{
  request: RequestRow;
  signers: SignerRow[];
  role: 'owner' | 'signer' | 'observer' | 'visitor';
  me: SignerRow | null;
}> {
  const request = await repo.findRequest(deps.db, id);
  if (!request) throw notFound();
  const signers = await repo.signersOf(deps.db, id);
  if (caller.kind === 'visitor') {
    const me = signers.find((s) => s.id === caller.signerId) ?? null;
    // A slot that was claimed into an account (or handed to one) no longer opens by its old link.
    if (caller.requestId !== id || me?.kind !== 'visitor' || request.status === 'DRAFT') throw notFound();
    return { request, signers, role: 'visitor', me };
  }
  const user = await userIdentity(deps, caller, account);
  const me = signers.find((s) => isSignerOf(s, user)) ?? null;
  if (request.ownerId === user.id) return { request, signers, role: 'owner', me };
  if (request.status === 'DRAFT') throw notFound();
  if (me) return { request, signers, role: 'signer', me };
  if ((await repo.observersOf(deps.db, id)).includes(user.email))
    return { request, signers, role: 'observer', me: null };
  throw notFound();
}

/** The request, if the caller owns it; NOT_FOUND otherwise. */
export async function ownedRequest(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
): Promise<{ request: RequestRow; signers: SignerRow[] }> {
  const request = await repo.findRequest(deps.db, id);
  if (!request || request.ownerId !== caller.userId) throw notFound();
  return { request, signers: await repo.signersOf(deps.db, id) };
}

/** The request and its signers under the row lock, checked again: still in one of `allowed`. */
export async function lockEditable(
  db: Db,
  id: string,
  allowed: ReadonlyArray<RequestRow['status']>,
): Promise<{ request: RequestRow; signers: SignerRow[] }> {
  const request = await repo.lockRequest(db, id);
  if (!request) throw notFound();
  assertStatus(request, allowed, 'REQUEST_NOT_EDITABLE', notEditableMessage);
  return { request, signers: await repo.signersOf(db, id) };
}

export function nobodySigned(signers: SignerRow[]): boolean {
  return signers.every((s) => s.status === 'OPEN');
}

/** Who did it, for the audit trail: the user id, or the visitor's signer id. */
export function actorOf(caller: Caller): string {
  return caller.kind === 'user' ? caller.userId : `visitor:${caller.signerId}`;
}

/** Where a signer acted from (address and browser), for the event data of their signing actions. */
export function clientData(caller: Caller): { client_ip?: string; user_agent?: string | null } {
  return caller.client ? { client_ip: caller.client.ip, user_agent: caller.client.userAgent } : {};
}
