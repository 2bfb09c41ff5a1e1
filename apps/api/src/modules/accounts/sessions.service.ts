import { hashToken, newToken, sessionLifetimeMs, type UserCaller } from '../../plugins/auth.ts';
import type { AccountsDeps } from './accounts.service.ts';
import * as repo from './accounts.repository.ts';

// Sessions: a bearer token stored hashed, started at login or registration, ended at logout.

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

export async function logout(deps: AccountsDeps, caller: UserCaller): Promise<void> {
  await repo.revokeSession(deps.db, caller.sessionId, deps.clock.now());
}
