import { randomBytes, randomUUID } from 'node:crypto';
import {
  apiUserTokenLifetimeSeconds,
  type ApiUser,
  type ApiUserTokenResponse,
  type ApiUserWithSecret,
} from '@signet/contracts/business-api-users';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../../plugins/auth.ts';
import { createServiceAccount, hashSecret, secretMatches } from '../accounts/service-accounts.service.ts';
import type { BusinessCaller, BusinessesDeps } from './business-caller.ts';
import { requireBusiness } from './businesses.service.ts';
import * as repo from './business-api-users.repository.ts';

function toDto(row: repo.ApiUserRow): ApiUser {
  return {
    username: row.username,
    userId: row.userId,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** 32 random bytes: far past guessing, and argon2id makes a stolen hash slow to test offline. */
const newSecret = () => randomBytes(32).toString('base64url');

const notFound = () => new AppError('NOT_FOUND', 'No such API user.');

export async function listApiUsers(deps: BusinessesDeps, caller: BusinessCaller): Promise<ApiUser[]> {
  return (await repo.listApiUsers(deps.db, caller.businessId)).map(toDto);
}

/** Creates the API user and the service account it acts through, in one transaction. */
export async function createApiUser(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  input: { username: string; description: string },
): Promise<ApiUserWithSecret> {
  const secret = newSecret();
  const secretHash = await hashSecret(secret);
  const now = deps.clock.now();
  // Signers see the business as the sender of the API user's requests.
  const business = await requireBusiness(deps.db, caller.businessId);
  const row = await deps.db.transaction(async (tx) => {
    const userId = randomUUID();
    await createServiceAccount(tx, { id: userId, name: business.name, now });
    const inserted = await repo.insertApiUser(tx, {
      id: randomUUID(),
      businessId: caller.businessId,
      username: input.username,
      description: input.description,
      secretHash,
      userId,
      createdAt: now,
    });
    if (!inserted)
      throw new AppError('API_USERNAME_TAKEN', 'This username is taken; choose another', {
        field: 'username',
      });
    return inserted;
  });
  return { ...toDto(row), secret };
}

export async function updateApiUser(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  username: string,
  description: string,
): Promise<ApiUser> {
  const found = await repo.findApiUser(deps.db, caller.businessId, username);
  const row = found && (await repo.updateApiUser(deps.db, found.id, { description }));
  if (!row) throw notFound();
  return toDto(row);
}

/** A new secret; the old one fails from the next call on (only the new hash is kept). */
export async function resetApiUser(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  username: string,
): Promise<ApiUserWithSecret> {
  const found = await repo.findApiUser(deps.db, caller.businessId, username);
  if (!found) throw notFound();
  const secret = newSecret();
  const secretHash = await hashSecret(secret);
  // The tokens taken with the old secret end with it: a reset is what an admin does after a leak.
  const row = await deps.db.transaction(async (tx) => {
    await repo.deleteApiUserTokens(tx, found.id);
    return repo.updateApiUser(tx, found.id, { secretHash });
  });
  if (!row) throw notFound();
  return { ...toDto(row), secret };
}

/**
 * Deletes the API user: its credentials and tokens (deleted with it) fail from the next call on. Its service account stays,
 * with the requests it made: the business keeps them (they follow its retention like any other).
 */
export async function deleteApiUser(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  username: string,
): Promise<void> {
  if (!(await repo.deleteApiUser(deps.db, caller.businessId, username))) throw notFound();
}

/** Who an API user's credentials stand for, once the auth plugin has checked them. */
export interface AuthenticatedApiUser {
  apiUserId: string;
  /** The service account it acts through. */
  userId: string;
  businessId: string;
  username: string;
}

/**
 * Checks an API user's Basic credentials; null when the name or the secret is wrong (the caller
 * answers 401 alike for both). A success is recorded as the API user's last use.
 */
export async function authenticateApiUser(
  db: Db,
  credentials: { username: string; secret: string },
  now: Date,
): Promise<AuthenticatedApiUser | null> {
  const row = await repo.findApiUserByUsername(db, credentials.username);
  if (!row || !(await secretMatches(row.secretHash, credentials.secret))) return null;
  await repo.updateApiUser(db, row.id, { lastUsedAt: now });
  return authenticated(row);
}

const authenticated = (row: repo.ApiUserRow): AuthenticatedApiUser => ({
  apiUserId: row.id,
  userId: row.userId,
  businessId: row.businessId,
  username: row.username,
});

/** The API user of an unexpired bearer token from POST /v1/login (by its hash), or null. */
export async function apiUserOfToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<AuthenticatedApiUser | null> {
  const row = await repo.findApiUserByToken(db, tokenHash, now);
  return row && authenticated(row);
}

/**
 * A bearer token for an API user that gave its Basic credentials (POST /v1/login): the same calls
 * for 15 minutes without sending the secret each time. Kept as a SHA-256 hash only.
 */
export async function issueApiUserToken(
  deps: { db: Db; clock: Clock },
  apiUserId: string,
): Promise<ApiUserTokenResponse> {
  const token = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + apiUserTokenLifetimeSeconds * 1000);
  await repo.insertApiUserToken(deps.db, {
    tokenHash: hashToken(token),
    apiUserId,
    createdAt: now,
    expiresAt,
  });
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: apiUserTokenLifetimeSeconds,
    expiration: expiresAt.toISOString(),
  };
}
