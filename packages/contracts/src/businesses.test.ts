import { describe, expect, it } from 'vitest';
import {
  AddMembersBody,
  CreateBusinessBody,
  CreateSealBody,
  UpdateBusinessSettingsBody,
} from './businesses.ts';

describe('business contracts', () => {
  it('needs the terms accepted to create a business', () => {
    const body = { name: ' Acme AG ', email: 'Info@Acme.ch' };
    expect(CreateBusinessBody.safeParse(body).success).toBe(false);
    expect(CreateBusinessBody.safeParse({ ...body, gtc: false }).success).toBe(false);
    expect(CreateBusinessBody.parse({ ...body, gtc: true })).toEqual({
      name: 'Acme AG',
      email: 'info@acme.ch',
      gtc: true,
    });
  });

  it('takes any part of the settings, as the auto-deletion switch sends it, and nothing unknown', () => {
    expect(UpdateBusinessSettingsBody.parse({ signatureRequests: { retention: { enabled: true } } })).toEqual(
      {
        signatureRequests: { retention: { enabled: true } },
      },
    );
    expect(UpdateBusinessSettingsBody.safeParse({ userPilot: { enabled: true, extra: 1 } }).success).toBe(
      false,
    );
    expect(UpdateBusinessSettingsBody.safeParse({ supportContact: { phone: 'abc' } }).success).toBe(false);
    expect(UpdateBusinessSettingsBody.safeParse({ supportContact: { phone: null } }).success).toBe(true);
  });

  it('writes seal account names in lower case and refuses other characters', () => {
    expect(
      CreateSealBody.parse({ accountName: ' Acme.Invoices ', displayName: 'Invoices' }).accountName,
    ).toBe('acme.invoices');
    for (const accountName of ['ab', 'a b c', '-acme', 'acme/seal', 'x'.repeat(64)])
      expect(CreateSealBody.safeParse({ accountName, displayName: 'Seal' }).success, accountName).toBe(false);
  });

  it('adds members as members unless said otherwise', () => {
    expect(AddMembersBody.parse({ users: [{ email: 'A@b.ch' }] }).users).toEqual([
      { email: 'a@b.ch', role: 'member' },
    ]);
    expect(AddMembersBody.safeParse({ users: [] }).success).toBe(false);
  });
});
