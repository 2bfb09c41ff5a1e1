import { describe, expect, it } from 'vitest';
import { databaseKinds, deliveredMails } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';

// The notices a request mails its owner follow the owner's e-mail notification level (the profile
// settings, request-notices.ts); invitations to sign come whatever the level.

describe.each(databaseKinds)('notices by e-mail notification level on %s', (kind) => {
  const t = useTestApp(kind, { listen: true, env: { LOG_LEVEL: 'warn' } });
  const subjects = async (user: TestUser) => (await deliveredMails(t, user.email)).map((m) => m.subject);

  it.each([
    ['all', ['Sam Signer signed "Progress"', 'Sue Signer declined to sign "Progress"']],
    ['important', ['Sue Signer declined to sign "Progress"']],
    ['none', []],
  ] as const)('an owner at level %s gets %j', async (level, expected) => {
    const owner = await t.user({ firstName: 'Olga' });
    const sam = await t.user({ firstName: 'Sam', lastName: 'Signer' });
    const sue = await t.user({ firstName: 'Sue', lastName: 'Signer' });
    const set = await t.call('PUT', '/v1/user', owner, { attributes: { email_notification_level: level } });
    expect(set.statusCode).toBe(200);

    // Progress (somebody signed), then the end (declined).
    const progress = await t.request(owner, { title: 'Progress', signatures: [sam.email, sue.email] });
    await t.sign(progress, sam);
    const declined = await t.call('POST', `/v3/signature-requests/${progress.id}/decline`, sue, {});
    expect(declined.statusCode).toBe(200);
    // Asked to sign, the owner is invited at every level.
    await t.request(sam, { title: 'For Olga', signatures: [owner.email] });

    const received = await subjects(owner);
    const notices = received.filter((subject) => subject.includes('"Progress"'));
    expect(notices.sort()).toEqual([...expected].sort());
    expect(received).toContain('Sam Signer asks you to sign "For Olga"');
    // The other signers' notices do not depend on the owner's choice.
    expect(await subjects(sam)).toContain('Sue Signer declined to sign "Progress"');
  });
});
