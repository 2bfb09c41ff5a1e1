import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { authPolicies, type AuthPolicy } from '@signet/contracts/common';
import { sessions, users } from '../db/schema/accounts.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Required on every route; the route-table test enforces it. */
    auth?: AuthPolicy;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null. Set before validation for every route. */
    caller: Caller | null;
  }
}

export interface Caller {
  kind: 'user';
  userId: string;
  /** SHA-256 of the bearer token: identifies the session for logout. */
  sessionId: string;
}

/** Business roles come with the businesses module; until a resolver is registered nobody is a member. */
export type BusinessRoleResolver = (db: Db, userId: string) => Promise<'member' | 'admin' | null>;

export const sessionLifetimeMs = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

async function resolveSession(db: Db, token: string, now: Date): Promise<Caller | null> {
  const tokenHash = hashToken(token);
  const rows = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  return row ? { kind: 'user', userId: row.userId, sessionId: tokenHash } : null;
}

/**
 * Enforces each route's declared policy before its body is even parsed, so an unauthenticated
 * caller learns nothing about the input a route expects. A route without a policy is refused.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; businessRole: () => BusinessRoleResolver | null },
): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const policy = request.routeOptions.config.auth;
    if (!policy || !authPolicies.includes(policy)) {
      // Unmatched URLs reach the not-found handler, which is public by nature.
      if (request.is404) return;
      throw new AppError('FORBIDDEN', 'This route declares no access policy.');
    }
    const token = bearerToken(request);
    request.caller = token ? await resolveSession(deps.db, token, deps.clock.now()) : null;
    switch (policy) {
      case 'public':
        return;
      case 'unauthenticated':
        if (request.caller) throw new AppError('ALREADY_AUTHENTICATED', 'Sign out first.');
        return;
      case 'user':
        if (!request.caller) throw unauthenticated(token);
        return;
      case 'member':
      case 'admin': {
        if (!request.caller) throw unauthenticated(token);
        const resolver = deps.businessRole();
        const role = resolver ? await resolver(deps.db, request.caller.userId) : null;
        if (!role || (policy === 'admin' && role !== 'admin'))
          throw new AppError(
            'FORBIDDEN',
            policy === 'admin' ? 'Business admins only.' : 'Business members only.',
          );
        return;
      }
      case 'nas':
      case 'api':
        // Direct-sign visitors and API users authenticate with Basic credentials (their issues).
        throw new AppError('FORBIDDEN', 'This kind of caller is not supported yet.');
    }
  });
}

function unauthenticated(token: string | null): AppError {
  return new AppError(
    'UNAUTHENTICATED',
    token ? 'Your session has expired or was ended. Please sign in again.' : 'Please sign in.',
  );
}
