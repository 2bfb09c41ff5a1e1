import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BusinessInvitation,
  InviteMembersResult,
  ReceivedInvitation,
  UserBusiness,
} from '@signet/contracts/businesses';
import type { User } from '@signet/contracts/accounts';
import { databaseKinds, deliveredMails, json, linkFromMail } from '../../../test/helpers.ts';
import { cast, useTestApp, type TestUser } from '../../../test/factories.ts';
import { abortFirstInsert } from '../../../test/serialization-failure.ts';

const day = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('business invitations on %s', (kind) => {
  const t = useTestApp(kind, {
    users: cast('admin', 'member', 'rival', 'loner'),
  });
  const { admin, member, rival, loner } = t.users;
  let businessId: string;
  beforeAll(async () => {
    businessId = (await t.business(admin, { name: 'Acme AG', email: 'info@acme.ch' })).id;
    await t.business(rival, { name: 'Rival GmbH', email: 'r@rival.ch' });
  });

  const invite = (emails: string[], role: 'member' | 'admin' = 'member') =>
    t.call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: emails.map((email) => ({ email, role })),
    });
  /** The secret of the newest invitation link mailed to `email`. */
  const secretFor = async (email: string) =>
    (await linkFromMail(t, email, '/invite/')).pathname.split('/').pop()!;
  const invitationsOf = async (as: TestUser = admin) =>
    json<{ invitations: BusinessInvitation[] }>(
      await t.call('GET', `/v2/businesses/${businessId}/invitations`, as),
    ).invitations;
  /** Once `who` gave `answer`: the admin's list drops the address, a second answer is refused, the link shows `status`. */
  const expectAnswered = async (
    secret: string,
    who: TestUser,
    answer: 'accept' | 'decline',
    status: ReceivedInvitation['status'],
  ) => {
    expect((await invitationsOf()).map((i) => i.email)).not.toContain(who.email);
    const again = await t.call('POST', `/v1/business-invitations/${secret}/${answer}`, who);
    expect(json(again)).toMatchObject({ statusCode: 409, code: 'INVITATION_ANSWERED' });
    expect(
      json<ReceivedInvitation>(await t.call('GET', `/v1/business-invitations/${secret}`, who)).status,
    ).toBe(status);
  };

  it('invites every address alike, account or not, other business or not, and makes nobody a member', async () => {
    const response = await invite(['member@example.ch', 'NEWCOMER@example.ch', 'rival@example.ch']);
    expect(response.statusCode, response.body).toBe(200);
    const result = json<InviteMembersResult>(response);
    expect(result.alreadyMembers).toEqual([]);
    expect(result.invited.map((i) => i.email)).toEqual([
      'member@example.ch',
      'newcomer@example.ch',
      'rival@example.ch',
    ]);
    // Nothing in the answer depends on whether the address has an account or a business.
    const shapes = result.invited.map((i) => {
      const { id, email, ...rest } = i;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(email).toContain('@');
      return rest;
    });
    expect(shapes[0]).toMatchObject({
      role: 'member',
      status: 'pending',
      invitedBy: { firstName: 'Alma', lastName: 'Test' },
    });
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);

    // Nobody joined: membership waits for their consent.
    expect((await t.call('GET', '/v2/businesses/user', member)).statusCode).toBe(404);
    const members = json<{ members: Array<{ email: string }> }>(
      await t.call('GET', `/v1/businesses/${businessId}/members`, admin),
    ).members;
    expect(members.map((m) => m.email)).toEqual(['admin@example.ch']);
    expect((await invitationsOf()).map((i) => i.email).sort()).toEqual(
      result.invited.map((i) => i.email).sort(),
    );

    // Each address got one mail with its own link, whether or not it has an account.
    const links = new Set<string>();
    for (const email of ['member@example.ch', 'newcomer@example.ch', 'rival@example.ch']) {
      const [mail] = await deliveredMails(t, email);
      expect(mail!.subject).toBe('Alma Test invites you to join Acme AG on Signet');
      links.add((await linkFromMail(t, email, '/invite/')).pathname);
    }
    expect(links.size).toBe(3);
    // The secret is mailed only: the admin's answers never carry it.
    for (const path of links) {
      expect(response.body).not.toContain(path.split('/').pop());
      expect(JSON.stringify(await invitationsOf())).not.toContain(path.split('/').pop());
    }
  });

  it('only the signed-in account of the invited address sees or answers an invitation', async () => {
    const secret = await secretFor('member@example.ch');
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/accept'],
      ['POST', '/decline'],
    ] as const) {
      const url = `/v1/business-invitations/${secret}${suffix}`;
      expect((await t.call(method, url, null)).statusCode).toBe(401);
      const stranger = await t.call(method, url, loner);
      expect([url, stranger.statusCode, json(stranger).code]).toEqual([url, 403, 'INVITATION_WRONG_ACCOUNT']);
      // The stranger learns nothing about the business.
      expect(stranger.body).not.toContain('Acme');
    }
    const unknown = await t.call('GET', `/v1/business-invitations/${'x'.repeat(43)}`, member);
    expect(json(unknown)).toMatchObject({ statusCode: 404, code: 'INVITATION_NOT_FOUND' });
    const malformed = await t.call('GET', '/v1/business-invitations/not!a!secret', member);
    expect(json(malformed)).toMatchObject({ statusCode: 400, field: 'params.secret' });
    expect((await t.call('GET', '/v2/businesses/user', member)).statusCode).toBe(404);
  });

  it('the invited person accepts from the mailed link and joins in the invited role', async () => {
    const secret = await secretFor('member@example.ch');
    const shown = await t.call('GET', `/v1/business-invitations/${secret}`, member);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(json<ReceivedInvitation>(shown)).toMatchObject({
      businessName: 'Acme AG',
      invitedBy: { firstName: 'Alma', lastName: 'Test' },
      role: 'member',
      email: 'member@example.ch',
      status: 'pending',
      inOtherBusiness: false,
    });

    const accepted = await t.call('POST', `/v1/business-invitations/${secret}/accept`, member);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(json<UserBusiness>(accepted)).toMatchObject({ id: businessId, name: 'Acme AG', role: 'member' });
    expect(json<UserBusiness>(await t.call('GET', '/v2/businesses/user', member)).id).toBe(businessId);
    // What the spec §4 gates read: the invitation is accepted, nothing to ask any more.
    expect(json<User>(await t.call('GET', '/v1/user', member)).attributes.accepted_business_invite).toBe(
      true,
    );

    await expectAnswered(secret, member, 'accept', 'accepted');
    // Inviting a member again is pointless and says so; no mail goes out.
    const mailsBefore = (await deliveredMails(t, 'member@example.ch')).length;
    const reinvite = json<InviteMembersResult>(await invite(['member@example.ch']));
    expect(reinvite).toEqual({ invited: [], alreadyMembers: ['member@example.ch'] });
    expect(await deliveredMails(t, 'member@example.ch')).toHaveLength(mailsBefore);
  });

  it('someone without an account signs up with the invited address, then accepts', async () => {
    const secret = await secretFor('newcomer@example.ch');
    const newcomer = await t.user({ email: 'newcomer@example.ch', firstName: 'Nora' });
    const accepted = await t.call('POST', `/v1/business-invitations/${secret}/accept`, newcomer);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(json<UserBusiness>(accepted).role).toBe('member');
  });

  it('an account of another business is told so when it answers; the admin never learns it', async () => {
    const secret = await secretFor('rival@example.ch');
    const shown = json<ReceivedInvitation>(await t.call('GET', `/v1/business-invitations/${secret}`, rival));
    expect(shown).toMatchObject({ businessName: 'Acme AG', status: 'pending', inOtherBusiness: true });
    const refused = await t.call('POST', `/v1/business-invitations/${secret}/accept`, rival);
    expect(json(refused)).toMatchObject({ statusCode: 409, code: 'ALREADY_IN_BUSINESS' });
    expect(json<UserBusiness>(await t.call('GET', '/v2/businesses/user', rival)).name).toBe('Rival GmbH');
    // Still pending for the admin, exactly as an invitation of an address without an account.
    expect((await invitationsOf()).find((i) => i.email === 'rival@example.ch')?.status).toBe('pending');

    const declined = await t.call('POST', `/v1/business-invitations/${secret}/decline`, rival);
    expect(declined.statusCode, declined.body).toBe(204);
    await expectAnswered(secret, rival, 'decline', 'declined');
  });

  it('admins revoke invitations; a revoked, renewed or expired link cannot be accepted', async () => {
    const invited = json<InviteMembersResult>(
      await invite(['revoked@example.ch', 'late@example.ch'], 'admin'),
    );
    expect(invited.invited.map((i) => i.role)).toEqual(['admin', 'admin']);
    const revokedId = invited.invited[0]!.id;
    const revokedSecret = await secretFor('revoked@example.ch');

    // Members and other businesses cannot see or revoke them.
    expect(json(await t.call('GET', `/v2/businesses/${businessId}/invitations`, member)).code).toBe(
      'BUSINESS_ADMINS_ONLY',
    );
    const foreign = await t.call('DELETE', `/v1/businesses/${businessId}/invitations/${revokedId}`, rival);
    expect(json(foreign)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });

    const revoked = await t.call('DELETE', `/v1/businesses/${businessId}/invitations/${revokedId}`, admin);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await invitationsOf()).map((i) => i.id)).not.toContain(revokedId);
    const again = await t.call('DELETE', `/v1/businesses/${businessId}/invitations/${revokedId}`, admin);
    expect(json(again)).toMatchObject({ statusCode: 404, code: 'INVITATION_NOT_FOUND' });
    const revokedInvitee = await t.user({ email: 'revoked@example.ch' });
    for (const suffix of ['', '/accept'])
      expect(
        json(
          await t.call(
            suffix ? 'POST' : 'GET',
            `/v1/business-invitations/${revokedSecret}${suffix}`,
            revokedInvitee,
          ),
        ),
      ).toMatchObject({ statusCode: 404, code: 'INVITATION_NOT_FOUND' });

    // Inviting again renews the invitation: the earlier link stops working.
    const firstLate = await secretFor('late@example.ch');
    await invite(['late@example.ch']);
    const lateSecret = await secretFor('late@example.ch');
    expect(lateSecret).not.toBe(firstLate);
    expect((await invitationsOf()).filter((i) => i.email === 'late@example.ch')).toHaveLength(1);
    let late = await t.user({ email: 'late@example.ch' });
    expect(json(await t.call('POST', `/v1/business-invitations/${firstLate}/accept`, late)).code).toBe(
      'INVITATION_NOT_FOUND',
    );

    // Past its expiry nobody can accept it; the admin sees it expired and may invite again.
    t.clock.advance(15 * day);
    try {
      const adminAgain = await t.login(admin);
      late = await t.login(late);
      expect((await invitationsOf(adminAgain)).find((i) => i.email === 'late@example.ch')?.status).toBe(
        'expired',
      );
      expect(
        json<ReceivedInvitation>(await t.call('GET', `/v1/business-invitations/${lateSecret}`, late)).status,
      ).toBe('expired');
      const expired = await t.call('POST', `/v1/business-invitations/${lateSecret}/accept`, late);
      expect(json(expired)).toMatchObject({ statusCode: 410, code: 'INVITATION_EXPIRED' });
      expect((await t.call('GET', '/v2/businesses/user', late)).statusCode).toBe(404);
    } finally {
      t.clock.advance(-15 * day);
    }
  });

  it('limits the invitation mails one address receives in a day', async () => {
    for (let i = 0; i < 5; i++) expect((await invite(['flooded@example.ch'])).statusCode).toBe(200);
    const sixth = await invite(['someone@example.ch', 'flooded@example.ch']);
    expect(json(sixth)).toMatchObject({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS', field: 'users.1.email' });
    expect(sixth.headers['retry-after']).toBeDefined();
    // All or nothing: the other address of the refused call was not invited either.
    expect((await invitationsOf()).map((i) => i.email)).not.toContain('someone@example.ch');
    expect(await deliveredMails(t, 'flooded@example.ch')).toHaveLength(5);
  });

  // PostgreSQL may abort the transaction (a deadlock, a serialization failure) and the db layer then
  // runs it again: the answer lists what the attempt that committed made, not both attempts.
  it.skipIf(kind !== 'postgres')('answers each address once when its transaction ran twice', async () => {
    const failure = await abortFirstInsert(
      t.database.db,
      'business_invitations',
      `new.email = 'retried-second@example.ch'`,
    );
    try {
      const response = await invite([admin.email, 'retried-first@example.ch', 'retried-second@example.ch']);
      expect(response.statusCode, response.body).toBe(200);
      expect(await failure.hits()).toBe(2);
      const result = json<InviteMembersResult>(response);
      expect(result.alreadyMembers).toEqual([admin.email]);
      expect(result.invited.map((i) => i.email)).toEqual([
        'retried-first@example.ch',
        'retried-second@example.ch',
      ]);
      expect(await deliveredMails(t, 'retried-first@example.ch')).toHaveLength(1);
    } finally {
      await failure.remove();
    }
  });
});
