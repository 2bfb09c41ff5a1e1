import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { BusinessSignupBody } from '@signet/contracts/business-signup';
import { defaultLanguage, type Language } from '@signet/contracts/common';
import { AppError } from '../../errors.ts';
import { hashToken } from '../../plugins/auth.ts';
import { queueMail } from '../../mail/mailer.ts';
import { insertBusinessWithAdmin } from '../businesses/businesses.service.ts';
import type { AccountsDeps } from './accounts.service.ts';
import * as repo from './accounts.repository.ts';
import { enforceMailLimits, issueEmailToken } from './email-tokens.ts';
import { hashPassword } from './password-hashing.ts';
import { assertPasswordAllowed } from './passwords.service.ts';
import { startSession } from './sessions.service.ts';
import { createConfirmedAccount } from './signup.service.ts';

// Business signup (spec §2 /business/signup): unlike the personal signup, the person gives
// everything first and confirms last, so nothing exists until the mailed link is followed, and
// then the account and its business are created in one transaction.

const signupTokenMs = 24 * 60 * 60 * 1000;

/**
 * POST /v1/business-signup: keeps the person and the business pending and mails the link. An
 * address that has an account gets the mail too (the answer tells nobody which addresses exist);
 * following its link is then refused with EMAIL_TAKEN.
 */
export async function requestBusinessSignup(
  deps: AccountsDeps,
  body: z.infer<typeof BusinessSignupBody> & { ip: string },
): Promise<void> {
  assertPasswordAllowed(body.password, body, 'password');
  await enforceMailLimits(
    deps,
    { ip: body.ip, purpose: 'business_signup', email: body.email },
    deps.clock.now(),
  );
  const passwordHash = await hashPassword(body.password);
  const lang = body.lang ?? defaultLanguage;
  const token = await deps.db.transaction(async (tx) => {
    await repo.deleteLapsedBusinessSignups(tx, deps.clock.now());
    const value = await issueEmailToken(
      { ...deps, db: tx },
      { purpose: 'business_signup', email: body.email, userId: null, lang, lifetimeMs: signupTokenMs },
    );
    await repo.insertPendingBusinessSignup(tx, {
      tokenHash: hashToken(value),
      firstName: body.firstName,
      lastName: body.lastName,
      passwordHash,
      mobile: body.mobile ?? null,
      business: {
        name: body.business.name,
        phone: body.business.phone ?? null,
        dpa: body.business.dpa ?? false,
      },
      createdAt: deps.clock.now(),
    });
    return value;
  });
  await queueMail(deps.db, deps.clock, {
    to: body.email,
    template: 'businessSignupConfirmation',
    lang,
    params: { firstName: body.firstName, businessName: body.business.name },
    actionUrl: `${deps.publicUrl}/business/signup/confirm?token=${token}`,
  });
}

/** POST /v1/business-signup/confirm: the account and its business, the person its admin; signed in. */
export async function confirmBusinessSignup(
  deps: AccountsDeps,
  token: string,
): Promise<{ value: string; expiration: string }> {
  const now = deps.clock.now();
  const tokenHash = hashToken(token);
  const row = await repo.findUsableToken(deps.db, tokenHash, ['business_signup'], now);
  const pending = row && (await repo.findPendingBusinessSignup(deps.db, tokenHash));
  if (!row || !pending)
    throw new AppError(
      'TOKEN_INVALID',
      'This confirmation link is invalid or has expired. Please sign up again.',
      { field: 'token' },
    );
  const userId = randomUUID();
  await deps.db.transaction(async (tx) => {
    await createConfirmedAccount(tx, {
      tokenHash,
      id: userId,
      email: row.email,
      firstName: pending.firstName,
      lastName: pending.lastName,
      passwordHash: pending.passwordHash,
      lang: row.lang as Language,
      mobile: pending.mobile,
      now,
    });
    await insertBusinessWithAdmin(tx, deps.clock, userId, {
      name: pending.business.name,
      email: row.email,
      phone: pending.business.phone ?? undefined,
      dpa: pending.business.dpa,
    });
    await repo.deletePendingBusinessSignup(tx, tokenHash);
  });
  return startSession(deps, userId);
}
