import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { cast, useTestApp } from '../../../test/factories.ts';

// The web's upgrade-standards dialog says what a refused signer lacks from these details alone
// (reason and legislation of QUALITY_NOT_AVAILABLE): each refusal must carry them.
describe.each(databaseKinds)('signing refusals on %s', (kind) => {
  const t = useTestApp(kind, {
    env: { LOG_LEVEL: 'error' },
    users: {
      ...cast('owner'),
      signer: { email: 'ulla@example.ch', firstName: 'Ulla', lastName: 'Unverified' },
    },
  });

  it('names the missing identification and its legislation, then the unconfirmed e-mail', async () => {
    const { owner, signer } = t.users;
    const request = await t.request(owner, {
      title: 'Contract',
      quality: 'qes',
      legislation: 'eidas',
      signatures: [{ account_email: signer.email }],
    });
    const sign = () => t.call('POST', '/v3/sign', signer, { signatureRequests: [{ id: request.id }] });

    const unidentified = await sign();
    expect(unidentified.statusCode).toBe(403);
    expect(json(unidentified)).toMatchObject({
      code: 'QUALITY_NOT_AVAILABLE',
      details: { reason: 'IDENTIFICATION_REQUIRED', legislation: 'eidas' },
    });

    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.email, signer.email));
    const unconfirmed = await sign();
    expect(unconfirmed.statusCode).toBe(403);
    expect(json(unconfirmed)).toMatchObject({
      code: 'QUALITY_NOT_AVAILABLE',
      details: { reason: 'EMAIL_NOT_VERIFIED' },
    });
  });
});
