import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { documents } from '../../db/schema/documents.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { databaseKinds, deliveredMails, json } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';

// POST /v1/user/delete does what the delete-account dialog says (account-deletion.service.ts).

describe.each(databaseKinds)('deleting an account on %s', (kind) => {
  const t = useTestApp(kind, { listen: true, env: { LOG_LEVEL: 'warn' } });
  const deleteAccount = (who: TestUser, password = who.password) =>
    t.call('POST', '/v1/user/delete', who, { password });
  const subjects = async (to: string) => (await deliveredMails(t, to)).map((mail) => mail.subject);
  const ownedBy = async (userId: string) => ({
    requests: await t.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.ownerId, userId)),
    documents: await t.database.db.select().from(documents).where(eq(documents.ownerId, userId)),
  });

  it('withdraws open requests, deletes what the user owned, and keeps their place in requests of others', async () => {
    const leaver = await t.user({ firstName: 'Lea', lastName: 'Leaving' });
    const sam = await t.user({ firstName: 'Sam' });
    const olga = await t.user({ firstName: 'Olga' });
    const visitor = t.email('visitor');
    const observer = t.email('observer');

    await t.request(leaver, { title: 'Draft', status: 'DRAFT', signatures: [sam.email] });
    const open = await t.request(leaver, {
      title: 'Still open',
      signatures: [
        sam.email,
        { signer_identity_data: { email_address: visitor, first_name: 'Vera', last_name: 'Visitor' } },
      ],
      observers: [observer],
    });
    const finished = await t.request(leaver, { title: 'Finished', signatures: [sam.email] });
    await t.sign(finished, sam);
    const signedByLeaver = await t.request(olga, {
      title: 'Signed by Lea',
      signatures: [leaver.email, sam.email],
    });
    await t.sign(signedByLeaver, leaver);
    const waitingForLeaver = await t.request(olga, { title: 'Waiting for Lea', signatures: [leaver.email] });
    expect((await ownedBy(leaver.id)).requests).toHaveLength(3);
    await deliveredMails(t);

    const deleted = await deleteAccount(leaver);
    expect(deleted.statusCode, deleted.body).toBe(204);

    // The account is gone: its sessions end and nobody can sign in with it.
    expect((await t.call('GET', '/v1/user', leaver)).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/v1/login', null, { email: leaver.email, password: leaver.password }))
        .statusCode,
    ).toBe(401);
    expect(await subjects(leaver.email)).toContain('Your Signet account was deleted');

    // Everybody who waited for the open request heard it was withdrawn; nobody of the finished one.
    const withdrawn = '"Still open" was withdrawn';
    for (const address of [sam.email, visitor, observer])
      expect(await subjects(address)).toContain(withdrawn);
    expect(await subjects(sam.email)).not.toContain('"Finished" was withdrawn');

    // Drafts, documents and every request the user sent are deleted, finished ones too.
    expect(await ownedBy(leaver.id)).toEqual({ requests: [], documents: [] });
    for (const id of [open.id, finished.id])
      expect((await t.call('GET', `/v3/signature-requests/${id}`, sam)).statusCode).toBe(404);

    // Requests of others keep the user's entry: a given signature stays given, an open one stays open.
    const kept = json<SignatureRequest>(
      await t.call('GET', `/v3/signature-requests/${signedByLeaver.id}`, olga),
    );
    expect(kept.signatures.map((s) => [s.email, s.status_code])).toEqual([
      [leaver.email, 'SIGNED'],
      [sam.email, 'OPEN'],
    ]);
    const waiting = json<SignatureRequest>(
      await t.call('GET', `/v3/signature-requests/${waitingForLeaver.id}`, olga),
    );
    expect(waiting.status_overall).toBe('OPEN');
    expect(waiting.signatures.map((s) => [s.email, s.status_code])).toEqual([[leaver.email, 'OPEN']]);
    await t.sign(signedByLeaver, sam);
    expect(
      json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${signedByLeaver.id}`, olga))
        .status_overall,
    ).toBe('SIGNED');
  });

  it('refuses a wrong password, changing nothing, and limits the attempts', async () => {
    const careful = await t.user();
    const draft = await t.request(careful, { status: 'DRAFT' });
    const wrong = await deleteAccount(careful, 'Not-my-password-1');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ code: 'WRONG_PASSWORD', field: 'password' });
    expect((await t.call('GET', `/v3/signature-requests/${draft.id}`, careful)).statusCode).toBe(200);
    expect(json(await deleteAccount(careful, '')).field).toBe('body.password');
    for (let attempt = 2; attempt <= 10; attempt++)
      expect((await deleteAccount(careful, 'Not-my-password-1')).statusCode).toBe(400);
    const limited = await deleteAccount(careful);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).code).toBe('TOO_MANY_ATTEMPTS');
    expect((await t.call('GET', '/v1/user', careful)).statusCode).toBe(200);
    expect((await t.call('POST', '/v1/user/delete', null, { password: 'x' })).statusCode).toBe(401);
  });

  it('takes the user out of their business: the last admin names another first, a business of one goes along', async () => {
    const businessRow = (id: string) => t.database.db.select().from(businesses).where(eq(businesses.id, id));
    const alone = await t.user();
    const solo = await t.business(alone, { name: 'Solo GmbH' });
    expect(await deleteAccount(alone).then((r) => r.statusCode)).toBe(204);
    expect(await businessRow(solo.id)).toEqual([]);

    const admin = await t.user();
    const member = await t.user();
    const team = await t.business(admin, { name: 'Team AG' });
    await t.member(team, member);
    const refused = await deleteAccount(admin);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe('LAST_ADMIN');
    expect((await t.call('GET', '/v1/user', admin)).statusCode).toBe(200);

    // A member leaves with their account; the admin goes once another member is admin.
    const second = await t.user();
    await t.member(team, second);
    expect((await deleteAccount(second)).statusCode).toBe(204);
    await t.call('POST', `/v1/businesses/${team.id}/change-to-admins`, admin, { user_ids: [member.id] });
    expect((await deleteAccount(admin)).statusCode).toBe(204);
    const left = json<{ members: Array<{ id: string; role: string }> }>(
      await t.call('GET', `/v1/businesses/${team.id}/members`, member),
    );
    expect(left.members.map((m) => [m.id, m.role])).toEqual([[member.id, 'admin']]);
  });
});
