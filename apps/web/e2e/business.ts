import assert from 'node:assert/strict';
import { loginToken } from './login-token.ts';
import { api, mailedLink } from './support.ts';

/** The secret of the newest business invitation link mailed to `email`. */
export async function invitationSecret(email: string): Promise<string> {
  return new URL(await mailedLink(email, '/invite/')).pathname.split('/').pop()!;
}

/**
 * Brings somebody into a business as people join one: the admin invites their address through the
 * API, and they accept from the mailed link with their own account.
 */
export async function inviteAndAccept(
  adminToken: string,
  businessId: string,
  person: { email: string; password: string },
  role: 'member' | 'admin' = 'member',
): Promise<void> {
  const invited = await api(`/v1/businesses/${businessId}/members`, {
    method: 'POST',
    token: adminToken,
    body: { users: [{ email: person.email, role }] },
  });
  assert.equal(invited.status, 200, JSON.stringify(invited.body));
  const secret = await invitationSecret(person.email);
  const accepted = await api(`/v1/business-invitations/${secret}/accept`, {
    method: 'POST',
    token: await loginToken(person.email, person.password),
  });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
}
