import { randomBytes, randomUUID } from 'node:crypto';
import type { LoginResponse } from '@signet/contracts/accounts';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../../plugins/auth.ts';
import { resetHits, takeHits, type RateLimitRule } from '../../plugins/rate-limit.ts';
import type { AccountsDeps } from './accounts.service.ts';
import * as repo from './accounts.repository.ts';
import { hashPassword, passwordMatches } from './password-hashing.ts';
import { checkPersonalPassword } from './password-policy.ts';
import { startSession } from './sessions.service.ts';
import { attributesOf } from './user-dto.ts';

const fifteenMinutes = 15 * 60 * 1000;
const oneHour = 60 * 60 * 1000;

/**
 * Login throttling, counted in the database. Guesses are limited per account and client address
 * pair, so a stranger elsewhere cannot lock the owner out; a slower per-account ceiling holds
 * against guesses spread over many addresses; and one address cannot spray many accounts.
 * A correct password gives its hits back: only wrong ones use up the budgets.
 */
const loginLimits = {
  pair: (email: string, ip: string): RateLimitRule => ({
    key: `login:pair:${email}:${ip}`,
    limit: 5,
    windowMs: fifteenMinutes,
  }),
  account: (email: string): RateLimitRule => ({
    key: `login:account:${email}`,
    limit: 20,
    windowMs: oneHour,
  }),
  address: (ip: string): RateLimitRule => ({ key: `login:ip:${ip}`, limit: 30, windowMs: fifteenMinutes }),
  /** A known device's attempts, which skip the limits above: as slow as one address's guesses. */
  device: (deviceId: string): RateLimitRule => ({
    key: `login:device:${deviceId}`,
    limit: 5,
    windowMs: fifteenMinutes,
  }),
};

/** A device token lasts this long after its last successful login. */
const deviceLifetimeMs = 365 * 24 * oneHour;
/** Devices remembered per account (the most recently used); older ones fall back to the limits. */
const devicesPerAccount = 10;

// An argon2id hash of a random password: verified against when the e-mail is unknown, so that the
// answer takes as long as for a known e-mail and does not reveal which addresses have accounts.
const decoyHash = hashPassword(randomBytes(16).toString('hex'));

export async function login(
  deps: AccountsDeps,
  input: { email: string; password: string; ip: string; deviceToken?: string },
): Promise<LoginResponse> {
  const now = deps.clock.now();
  // A client that signed in to this account before is throttled on its own, so that guesses
  // from elsewhere (which fill the account's ceiling) cannot lock the owner out.
  const device = input.deviceToken
    ? await repo.findLoginDevice(deps.db, hashToken(input.deviceToken), input.email, now)
    : null;
  const forgiven = device ? loginLimits.device(device.id) : loginLimits.pair(input.email, input.ip);
  const rules = device
    ? [forgiven]
    : [forgiven, loginLimits.account(input.email), loginLimits.address(input.ip)];
  // Taken before the password is verified, in one statement per counter: parallel guesses cannot
  // all pass a check that none of them has counted yet.
  const hits = await takeHits(deps.db, rules, now);
  if (!hits.allowed)
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many failed sign-ins. Please wait and try again.', {
      retryAfterSeconds: hits.retryAfterSeconds,
    });
  const user = await repo.findUserByEmail(deps.db, input.email);
  const ok = user
    ? await passwordMatches(user.passwordHash, input.password)
    : (await passwordMatches(await decoyHash, input.password), false);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'The e-mail address or the password is wrong.');
  await hits.release();
  // The owner's own typos from this client are forgiven once they got it right.
  await resetHits(deps.db, forgiven.key);
  // The policy may have become stricter since the password was chosen: flag it so the web app
  // sends the user to change it.
  const weak = checkPersonalPassword(input.password, user) !== null;
  if (attributesOf(user).weak_password !== weak)
    await repo.updateUser(deps.db, user.id, {
      attributes: repo.attributesWith({ weak_password: weak }),
      updatedAt: now,
    });
  const deviceToken =
    device && input.deviceToken
      ? await keepDevice(deps, device.id, input.deviceToken)
      : await newDevice(deps, user.id);
  return { ...(await startSession(deps, user.id)), deviceToken };
}

async function keepDevice(deps: AccountsDeps, id: string, token: string): Promise<string> {
  const now = deps.clock.now();
  await repo.touchLoginDevice(deps.db, id, now, new Date(now.getTime() + deviceLifetimeMs));
  return token;
}

async function newDevice(deps: AccountsDeps, userId: string): Promise<string> {
  const now = deps.clock.now();
  const token = newToken();
  await repo.insertLoginDevice(deps.db, {
    id: randomUUID(),
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + deviceLifetimeMs),
  });
  await repo.pruneLoginDevices(deps.db, userId, devicesPerAccount, now);
  return token;
}
