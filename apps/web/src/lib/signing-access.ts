import type { VisitorCredentials } from './api-client.ts';

/**
 * Who is looking at a request: a signed-in user (Bearer session), or a direct-sign visitor (role
 * nas) whose signer id and link secret are the Basic credentials (spec §3 direct-sign credentials).
 * The secret comes from the invitation link's fragment; it only ever travels in the header.
 */
export type SigningAccess =
  { kind: 'user' } | { kind: 'direct'; signerId: string; requestId: string; secret: string };

export const userAccess: SigningAccess = { kind: 'user' };

/**
 * The visitor's credentials for callApi (`visitor`), which send a call to its endpoint's visitor
 * twin; none for a user, whose session header goes with the call.
 */
export function visitorOf(access: SigningAccess): VisitorCredentials | undefined {
  return access.kind === 'direct' ? { signerId: access.signerId, secret: access.secret } : undefined;
}

/** A stable part of query keys, so a visitor's and a user's copies never mix. */
export function accessKey(access: SigningAccess): string {
  return access.kind === 'direct' ? `direct:${access.signerId}` : 'user';
}
