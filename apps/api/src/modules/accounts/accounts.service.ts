import { randomUUID, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { z } from 'zod';
import type {
  CheckPasswordBody,
  HighestQuality,
  PasswordErrorCode,
  RegisterBody,
  SignatureQualities,
  SignatureQualitiesDetail,
  UpdateUserBody,
  User,
  UserAttributes,
} from '@signet/contracts/accounts';
import { defaultLanguage, type Language } from '@signet/contracts/common';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newToken, sessionLifetimeMs, type UserCaller } from '../../plugins/auth.ts';
import { countHit, type RateLimitRule } from '../../plugins/rate-limit.ts';
import { queueMail } from '../../mail/mailer.ts';
import { checkPasswordPolicy, passwordPolicyMessages } from './password-policy.ts';
import * as repo from './accounts.repository.ts';

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  /** Where mailed links point. */
  publicUrl: string;
  /** Mails anonymous callers may trigger per address and hour; 30 when not configured. */
  mailLimitPerAddress?: number;
}

/** Free individual users start with this many signatures (spec §4 free credit). */
export const initialFreeSignatures = 5;
const signupTokenMs = 24 * 60 * 60 * 1000;
const resetTokenMs = 60 * 60 * 1000;
const oneHour = 60 * 60 * 1000;

/** Mails triggered by anonymous callers are limited so nobody can flood an inbox. */
const mailLimits = {
  recipient: (purpose: string, email: string): RateLimitRule => ({
    key: `mail:${purpose}:${email}`,
    limit: 5,
    windowMs: oneHour,
  }),
  address: (ip: string, limit = 30): RateLimitRule => ({ key: `mail:ip:${ip}`, limit, windowMs: oneHour }),
};

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot read). */
const argon2id = 2;

const hashPassword = (password: string) => hash(password, { algorithm: argon2id });

function defaultAttributes(lang: Language, mobile: string | null): UserAttributes {
  return {
    lang,
    accepted_gtc: false,
    accepted_business_invite: false,
    accepted_tou_swisscom: false,
    weak_password: false,
    removed_from_business: false,
    business_deleted: false,
    free_signatures_remaining: initialFreeSignatures,
    free_account_type: 'free_v1',
    immutable_eid_fields: [],
    signer_identity_email: null,
    mobile,
    p11_signing_name: null,
    p11_signing_reason: null,
    email_notification_level: 'all',
    default_legislation: 'zertes',
    default_quality: 'ses',
    visual_signature_name: null,
    referral_code: randomBytes(5).toString('hex'),
    avatar: 'f2',
  };
}

export function attributesOf(row: repo.UserRow): UserAttributes {
  const stored = row.attributes as Partial<UserAttributes>;
  return { ...defaultAttributes(defaultLanguage, null), ...stored };
}

/** The parts of a person that their password must not contain. */
export function personalParts(firstName: string, lastName: string, email: string): string[] {
  return [firstName, lastName, email.split('@')[0] ?? ''];
}

export function signatureQualitiesOf(row: repo.UserRow): SignatureQualities {
  // AES and QES need an identification (identification issue); until then an account signs SES.
  return {
    ses: { any: row.emailVerified },
    aes: { any: false },
    aesMinimal: false,
    qes: { eidas: false, zertes: false },
    seal: { aes: false, qes: false },
  };
}

/** Spec §4: none unless the e-mail is verified; then qes, else aes, else ses. */
export function highestQualityOf(row: repo.UserRow): HighestQuality {
  if (!row.emailVerified) return 'none';
  const q = signatureQualitiesOf(row);
  if (q.qes.eidas || q.qes.zertes) return 'qes';
  if (q.aes.any) return 'aes';
  return 'ses';
}

export function toUserDto(row: repo.UserRow): User {
  return {
    id: row.id,
    username: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    firstName: row.firstName,
    lastName: row.lastName,
    attributes: attributesOf(row),
    signatureQualities: signatureQualitiesOf(row),
    disabledQualities: [],
    retention: { enabled: false, days: 0 },
    hasSso: false,
    permissions: {
      visualSignatures: {
        claim: { canUpdate: true, defaultValue: true },
        date: { canUpdate: true, defaultValue: true },
        std: { canUpdate: true, defaultValue: true },
      },
    },
    createdAt: row.createdAt.toISOString(),
  };
}

async function enforceLimit(db: Db, rule: RateLimitRule, now: Date): Promise<void> {
  const state = await countHit(db, rule, now);
  if (state.count > rule.limit)
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many requests. Please wait and try again.', {
      retryAfterSeconds: state.retryAfterSeconds,
    });
}

async function issueEmailToken(
  deps: AccountsDeps,
  token: {
    purpose: repo.TokenPurpose;
    email: string;
    userId: string | null;
    lang: Language;
    lifetimeMs: number;
  },
): Promise<string> {
  const value = newToken();
  const now = deps.clock.now();
  await repo.insertEmailToken(deps.db, {
    tokenHash: hashToken(value),
    purpose: token.purpose,
    email: token.email,
    userId: token.userId,
    lang: token.lang,
    createdAt: now,
    expiresAt: new Date(now.getTime() + token.lifetimeMs),
  });
  return value;
}

export async function startSession(
  deps: AccountsDeps,
  userId: string,
): Promise<{ value: string; expiration: string }> {
  const value = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  await repo.insertSession(deps.db, { tokenHash: hashToken(value), userId, createdAt: now, expiresAt });
  return { value, expiration: expiresAt.toISOString() };
}

function policyError(code: PasswordErrorCode, field: string): AppError {
  return new AppError('PASSWORD_POLICY', passwordPolicyMessages[code], { field });
}

async function requireUser(db: Db, userId: string): Promise<repo.UserRow> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists.');
  return row;
}

/** Signup step 1 (anonymous) or re-verification of a signed-in user's new e-mail address. */
export async function requestConfirmation(
  deps: AccountsDeps,
  input: { email: string; lang?: Language; ip: string; caller: UserCaller | null },
): Promise<void> {
  const now = deps.clock.now();
  await enforceLimit(deps.db, mailLimits.address(input.ip, deps.mailLimitPerAddress), now);
  await enforceLimit(deps.db, mailLimits.recipient('confirm', input.email), now);
  if (input.caller) {
    const user = await requireUser(deps.db, input.caller.userId);
    const lang = input.lang ?? attributesOf(user).lang;
    const token = await issueEmailToken(deps, {
      purpose: 'verify_email',
      email: input.email,
      userId: user.id,
      lang,
      lifetimeMs: signupTokenMs,
    });
    await queueMail(deps.db, deps.clock, {
      to: input.email,
      template: 'emailVerification',
      lang,
      params: { firstName: user.firstName, email: input.email },
      actionUrl: `${deps.publicUrl}/profile/confirm?token=${token}`,
    });
    return;
  }
  const lang = input.lang ?? defaultLanguage;
  const token = await issueEmailToken(deps, {
    purpose: 'signup',
    email: input.email,
    userId: null,
    lang,
    lifetimeMs: signupTokenMs,
  });
  await queueMail(deps.db, deps.clock, {
    to: input.email,
    template: 'signupConfirmation',
    lang,
    actionUrl: `${deps.publicUrl}/signup/confirm?token=${token}`,
  });
}

/**
 * Checks a mailed token. A signup token stays usable (registration consumes it); an e-mail
 * verification token is applied at once: the account takes the confirmed address.
 */
export async function validConfirmation(
  deps: AccountsDeps,
  token: string,
): Promise<{ valid: boolean; email: string | null }> {
  const now = deps.clock.now();
  const tokenHash = hashToken(token);
  const row = await repo.findUsableToken(deps.db, tokenHash, ['signup', 'verify_email'], now);
  if (!row) return { valid: false, email: null };
  if (row.purpose === 'verify_email' && row.userId) {
    const userId = row.userId;
    const applied = await deps.db.transaction(async (tx) => {
      const taken = await repo.findUserByEmail(tx, row.email);
      if (taken && taken.id !== userId) return false;
      if (!(await repo.consumeToken(tx, tokenHash, now))) return false;
      await repo.updateUser(tx, userId, { email: row.email, emailVerified: true, updatedAt: now });
      return true;
    });
    return applied ? { valid: true, email: row.email } : { valid: false, email: null };
  }
  return { valid: true, email: row.email };
}

export async function register(
  deps: AccountsDeps,
  body: z.infer<typeof RegisterBody>,
): Promise<{ value: string; expiration: string }> {
  const now = deps.clock.now();
  const tokenHash = hashToken(body.token);
  const token = await repo.findUsableToken(deps.db, tokenHash, ['signup'], now);
  if (!token)
    throw new AppError(
      'TOKEN_INVALID',
      'This confirmation link is invalid or has expired. Please sign up again.',
      { field: 'token' },
    );
  const problem = checkPasswordPolicy(
    body.password,
    personalParts(body.firstName, body.lastName, token.email),
  );
  if (problem) throw policyError(problem, 'password');
  const passwordHash = await hashPassword(body.password);
  const userId = randomUUID();
  const lang = body.lang ?? (token.lang as Language);
  await deps.db.transaction(async (tx) => {
    if (await repo.findUserByEmail(tx, token.email))
      throw new AppError(
        'EMAIL_TAKEN',
        'An account with this e-mail address exists already. Sign in instead.',
        { field: 'token' },
      );
    if (!(await repo.consumeToken(tx, tokenHash, now)))
      throw new AppError('TOKEN_INVALID', 'This confirmation link was used already.', { field: 'token' });
    await repo.insertUser(tx, {
      id: userId,
      email: token.email,
      emailVerified: true,
      firstName: body.firstName,
      lastName: body.lastName,
      passwordHash,
      attributes: {
        ...defaultAttributes(lang, body.mobile ?? null),
        accepted_gtc: true,
        avatar: body.avatar ?? 'f2',
      },
      createdAt: now,
      updatedAt: now,
    });
  });
  return startSession(deps, userId);
}

export async function logout(deps: AccountsDeps, caller: UserCaller): Promise<void> {
  await repo.revokeSession(deps.db, caller.sessionId, deps.clock.now());
}

export async function getUser(deps: AccountsDeps, userId: string): Promise<User> {
  return toUserDto(await requireUser(deps.db, userId));
}

export async function updateUser(
  deps: AccountsDeps,
  caller: UserCaller,
  body: z.infer<typeof UpdateUserBody>,
  ip: string,
): Promise<User> {
  const user = await requireUser(deps.db, caller.userId);
  const now = deps.clock.now();
  const attributes = { ...attributesOf(user) };
  for (const [key, value] of Object.entries(body.attributes ?? {})) {
    if (value !== undefined) (attributes as Record<string, unknown>)[key] = value;
  }
  await repo.updateUser(deps.db, user.id, {
    firstName: body.firstName ?? user.firstName,
    lastName: body.lastName ?? user.lastName,
    attributes,
    updatedAt: now,
  });
  // A new e-mail address takes effect only once confirmed from its own inbox.
  if (body.email && body.email !== user.email) {
    const owner = await repo.findUserByEmail(deps.db, body.email);
    if (owner)
      throw new AppError('EMAIL_TAKEN', 'Another account uses this e-mail address.', { field: 'email' });
    await requestConfirmation(deps, { email: body.email, lang: attributes.lang, ip, caller });
  }
  return getUser(deps, user.id);
}

/** The strength estimate costs real CPU time: an anonymous caller gets plenty for typing, no more. */
const checkPasswordLimit = (ip: string): RateLimitRule => ({
  key: `check-password:ip:${ip}`,
  limit: 150,
  windowMs: oneHour,
});

export async function checkPassword(
  deps: AccountsDeps,
  input: z.infer<typeof CheckPasswordBody> & { ip: string; caller: UserCaller | null },
): Promise<{ valid: boolean; errorCode: PasswordErrorCode | null }> {
  await enforceLimit(deps.db, checkPasswordLimit(input.ip), deps.clock.now());
  const user = input.caller ? await repo.findUserById(deps.db, input.caller.userId) : null;
  const personal = [
    ...personalParts(input.firstName ?? '', input.lastName ?? '', input.email ?? ''),
    ...(user ? personalParts(user.firstName, user.lastName, user.email) : []),
  ];
  const errorCode = checkPasswordPolicy(input.password, personal);
  return { valid: errorCode === null, errorCode };
}

export async function changePassword(
  deps: AccountsDeps,
  caller: UserCaller,
  body: { oldPassword: string; newPassword: string },
): Promise<void> {
  const user = await requireUser(deps.db, caller.userId);
  if (!(await verify(user.passwordHash, body.oldPassword)))
    throw new AppError('WRONG_PASSWORD', 'The current password is wrong.', { field: 'oldPassword' });
  const problem = checkPasswordPolicy(
    body.newPassword,
    personalParts(user.firstName, user.lastName, user.email),
  );
  if (problem) throw policyError(problem, 'newPassword');
  await setPassword(deps, user, body.newPassword, caller.sessionId);
}

async function setPassword(
  deps: AccountsDeps,
  user: repo.UserRow,
  password: string,
  keepSession?: string,
): Promise<void> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(password);
  const attributes = attributesOf(user);
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, {
      passwordHash,
      attributes: { ...attributes, weak_password: false },
      updatedAt: now,
    });
    await repo.revokeUserSessions(tx, user.id, now, keepSession);
    await queueMail(tx, deps.clock, {
      to: user.email,
      template: 'passwordChanged',
      lang: attributes.lang,
      params: { firstName: user.firstName },
    });
  });
}

/** Always answers the same, whether or not the address has an account. */
export async function requestReset(
  deps: AccountsDeps,
  input: { email: string; lang?: Language; ip: string },
): Promise<void> {
  const now = deps.clock.now();
  await enforceLimit(deps.db, mailLimits.address(input.ip, deps.mailLimitPerAddress), now);
  await enforceLimit(deps.db, mailLimits.recipient('reset', input.email), now);
  const user = await repo.findUserByEmail(deps.db, input.email);
  if (!user) return;
  const lang = input.lang ?? attributesOf(user).lang;
  await deps.db.transaction(async (tx) => {
    // Only the newest link works: an older one lying in a mailbox or a forwarded mail is dead.
    await repo.revokeUnusedTokens(tx, user.id, 'reset_password', now);
    const token = await issueEmailToken(
      { ...deps, db: tx },
      { purpose: 'reset_password', email: user.email, userId: user.id, lang, lifetimeMs: resetTokenMs },
    );
    await queueMail(tx, deps.clock, {
      to: user.email,
      template: 'passwordReset',
      lang,
      params: { firstName: user.firstName },
      actionUrl: `${deps.publicUrl}/password-reset/new?token=${token}`,
    });
  });
}

export async function resetPassword(
  deps: AccountsDeps,
  body: { token: string; password: string },
): Promise<void> {
  const now = deps.clock.now();
  const tokenHash = hashToken(body.token);
  const token = await repo.findUsableToken(deps.db, tokenHash, ['reset_password'], now);
  const user = token?.userId ? await repo.findUserById(deps.db, token.userId) : null;
  if (!token || !user)
    throw new AppError(
      'TOKEN_INVALID',
      'This reset link is invalid or has expired. Please ask for a new one.',
      { field: 'token' },
    );
  const problem = checkPasswordPolicy(
    body.password,
    personalParts(user.firstName, user.lastName, user.email),
  );
  if (problem) throw policyError(problem, 'password');
  if (!(await repo.consumeToken(deps.db, tokenHash, now)))
    throw new AppError('TOKEN_INVALID', 'This reset link was used already.', { field: 'token' });
  await setPassword(deps, user, body.password);
}

const acceptedAttribute = {
  business_invite: 'accepted_business_invite',
  gtc: 'accepted_gtc',
  tou_swisscom: 'accepted_tou_swisscom',
} as const;

export async function accept(
  deps: AccountsDeps,
  caller: UserCaller,
  what: keyof typeof acceptedAttribute,
): Promise<User> {
  const user = await requireUser(deps.db, caller.userId);
  const attributes = { ...attributesOf(user), [acceptedAttribute[what]]: true };
  await repo.updateUser(deps.db, user.id, { attributes, updatedAt: deps.clock.now() });
  return getUser(deps, user.id);
}

export async function deleteAccount(deps: AccountsDeps, caller: UserCaller, password: string): Promise<void> {
  const user = await requireUser(deps.db, caller.userId);
  if (!(await verify(user.passwordHash, password)))
    throw new AppError('WRONG_PASSWORD', 'The password is wrong.', { field: 'password' });
  await deps.db.transaction(async (tx) => {
    await repo.deleteUser(tx, user.id);
    await queueMail(tx, deps.clock, {
      to: user.email,
      template: 'accountDeleted',
      lang: attributesOf(user).lang,
      params: { firstName: user.firstName },
    });
  });
}

export async function signatureQualitiesDetail(
  deps: AccountsDeps,
  userId: string,
): Promise<z.infer<typeof SignatureQualitiesDetail>> {
  const user = await requireUser(deps.db, userId);
  const q = signatureQualitiesOf(user);
  const needsVerifiedEmail = user.emailVerified ? null : 'EMAIL_NOT_VERIFIED';
  const needsIdentification = needsVerifiedEmail ?? 'IDENTIFICATION_REQUIRED';
  return {
    highestQuality: highestQualityOf(user),
    emailVerified: user.emailVerified,
    qualities: [
      { quality: 'ses', legislation: null, available: q.ses.any, reason: needsVerifiedEmail },
      {
        quality: 'aes',
        legislation: null,
        available: q.aes.any,
        reason: q.aes.any ? null : needsIdentification,
      },
      {
        quality: 'qes',
        legislation: 'eidas',
        available: q.qes.eidas,
        reason: q.qes.eidas ? null : needsIdentification,
      },
      {
        quality: 'qes',
        legislation: 'zertes',
        available: q.qes.zertes,
        reason: q.qes.zertes ? null : needsIdentification,
      },
    ],
  };
}

export async function identityProviderFor(deps: AccountsDeps, email: string): Promise<string | null> {
  const domain = email.split('@')[1] ?? '';
  return repo.findIdentityProvider(deps.db, domain);
}

/**
 * The user's own address when it matches; the route adds the people of their signature requests
 * (signature-requests service), so that this module does not read that one's tables.
 */
export async function emailAutocomplete(
  deps: AccountsDeps,
  userId: string,
  prefix: string,
): Promise<{ emails: string[] }> {
  const user = await requireUser(deps.db, userId);
  const needle = prefix.trim().toLowerCase();
  const known = [user.email];
  return { emails: known.filter((email) => email.startsWith(needle)).slice(0, 10) };
}

/** An account by e-mail, for other modules that invite people (signers of requests). */
export async function findUserIdByEmail(
  deps: AccountsDeps,
  email: string,
): Promise<{
  id: string;
  firstName: string;
  lastName: string;
  lang: Language;
  mobile: string | null;
} | null> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return null;
  const attributes = attributesOf(user);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    lang: attributes.lang,
    mobile: attributes.mobile,
  };
}

/** Takes one of a free user's signatures (spec §4 free credit); false when none is left. */
export function spendFreeSignature(deps: Pick<AccountsDeps, 'db'>, userId: string): Promise<boolean> {
  return repo.spendFreeSignature(deps.db, userId);
}

/** Part 11 asks signers to re-enter their password: true when it is theirs. */
export async function verifyPassword(
  deps: Pick<AccountsDeps, 'db'>,
  userId: string,
  password: string,
): Promise<boolean> {
  const user = await repo.findUserById(deps.db, userId);
  return user ? verify(user.passwordHash, password) : false;
}

/** The user attributes that business membership changes (spec §4 business gates). */
export type BusinessFlags = Partial<
  Pick<UserAttributes, 'accepted_business_invite' | 'removed_from_business' | 'business_deleted'>
>;

/** Sets business membership flags of a user (the businesses module, inside its transaction). */
export async function setBusinessFlags(
  deps: Pick<AccountsDeps, 'db' | 'clock'>,
  userId: string,
  flags: BusinessFlags,
): Promise<void> {
  const user = await requireUser(deps.db, userId);
  await repo.updateUser(deps.db, userId, {
    attributes: { ...attributesOf(user), ...flags },
    updatedAt: deps.clock.now(),
  });
}
