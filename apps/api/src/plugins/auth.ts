import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { authPolicies, type AuthPolicy } from '@signet/contracts/common';
import { apiUsernamePattern } from '@signet/contracts/business-api-users';
import { linkSecretPattern } from '@signet/contracts/signature-requests';
import { sessions, users } from '../db/schema/accounts.ts';
import { signers } from '../db/schema/signature-requests.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { countHitOrRefuse } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Required on every route; the route-table test enforces it. */
    auth?: AuthPolicy;
    /**
     * A public route that never looks at Signet's caller and checks its own credentials (the
     * sandbox's, whose bearer is its client token, not a Signet session): no caller is resolved
     * for it, which spares a sessions query on every call a signature makes to the sandbox QTSP.
     */
    callerless?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null. Set before validation for every route. */
    caller: Caller | null;
    /** The caller's business and role, on member and admin routes. */
    business: BusinessMembership | null;
  }
}

export type Caller = UserCaller | VisitorCaller;

/** Where a call came from: the audit trail records it with every signing action. */
interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface UserCaller {
  kind: 'user';
  userId: string;
  /** SHA-256 of the bearer token: identifies the session for logout (`api-user:<id>` for an API user). */
  sessionId: string;
  /** Set when a business's API user calls, through its service account `userId`. */
  apiUserId?: string;
  /** How the API user authenticated: its Basic secret, or a bearer token taken with it. */
  apiUserBy?: 'secret' | 'token';
  client?: ClientInfo;
}

/** A direct-sign visitor (role nas): reaches exactly one signature request, as one signer. */
export interface VisitorCaller {
  kind: 'visitor';
  signerId: string;
  requestId: string;
  client?: ClientInfo;
}

/** A user's business and their role in it (an account belongs to at most one business). */
export interface BusinessMembership {
  businessId: string;
  role: 'member' | 'admin';
}

/** An API user resolved from its credentials, with the business it acts for. */
type ApiUserCaller = UserCaller & { membership: BusinessMembership };

/** Business roles come from the businesses module; app.ts wires it in. */
export type BusinessRoleResolver = (db: Db, userId: string) => Promise<BusinessMembership | null>;

/** An API user that its credentials named, with its service account and business. */
interface FoundApiUser {
  apiUserId: string;
  userId: string;
  businessId: string;
  username: string;
}

/** Checks an API user's Basic credentials, or finds the API user of a token (businesses module). */
export interface ApiUserAuthenticator {
  /** null when the name or the secret is wrong. */
  bySecret: (
    db: Db,
    credentials: { username: string; secret: string },
    now: Date,
  ) => Promise<FoundApiUser | null>;
  /** null when no unexpired token has this hash. */
  byToken: (db: Db, tokenHash: string, now: Date) => Promise<FoundApiUser | null>;
}

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

/** The user id and password of a Basic authorization header, or null. */
function basicCredentials(request: FastifyRequest): { user: string; secret: string } | null {
  const header = request.headers.authorization?.trim();
  if (!header?.startsWith('Basic ')) return null;
  const encoded = header.slice(6).trim();
  if (encoded.length > 200) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { user: decoded.slice(0, colon), secret: decoded.slice(colon + 1) } : null;
}

/**
 * Direct-sign credentials (spec §3): user id = the signer's id, password = the secret of their link
 * (never the request id, which everyone in the request sees). Basic authorization only: a secret in
 * a query string would reach access logs, browser history and Referer headers. The user id is a
 * UUID, which an API user's name (`api-…`) never is: neither passes for the other.
 */
function directCredentials(request: FastifyRequest): { signerId: string; secret: string } | null {
  const basic = basicCredentials(request);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  return basic && uuid.test(basic.user) && linkSecretPattern.test(basic.secret)
    ? { signerId: basic.user, secret: basic.secret }
    : null;
}

/** A business API user's credentials (`api-…:secret`), on the routes that admit API users. */
function apiUserCredentials(request: FastifyRequest): { username: string; secret: string } | null {
  const basic = basicCredentials(request);
  return basic && apiUsernamePattern.test(basic.user) && basic.secret.length <= 100
    ? { username: basic.user, secret: basic.secret }
    : null;
}

async function resolveVisitor(
  db: Db,
  credentials: { signerId: string; secret: string },
): Promise<VisitorCaller | null> {
  const rows = await db
    .select({ id: signers.id, requestId: signers.requestId })
    .from(signers)
    .where(
      and(
        eq(signers.id, credentials.signerId),
        eq(signers.kind, 'visitor'),
        eq(signers.linkSecretHash, hashToken(credentials.secret)),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { kind: 'visitor', signerId: row.id, requestId: row.requestId } : null;
}

/** The caller's address (the proxy's, unless Fastify trusts one) and user agent, bounded. */
function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

/** The signed-in user behind a request; only for routes whose policy admits users. */
export function userCaller(request: FastifyRequest): UserCaller {
  if (request.caller?.kind !== 'user') throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return request.caller;
}

/** The member or admin behind a request; only for routes with policy member or admin. */
export function businessCaller(request: FastifyRequest): UserCaller & BusinessMembership {
  const caller = userCaller(request);
  if (!request.business) throw new AppError('BUSINESS_MEMBERS_ONLY', 'Business members only.');
  return { ...caller, ...request.business };
}

/** The direct-sign visitor behind a request; only for routes with policy nas. */
export function visitorCaller(request: FastifyRequest): VisitorCaller {
  if (request.caller?.kind !== 'visitor') throw new AppError('UNAUTHENTICATED', 'This link is not valid.');
  return request.caller;
}

/**
 * The account user or the direct-sign visitor behind a request: for a call that has a visitor
 * twin (an endpoint's visitorPath), where one handler serves both.
 */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return request.caller;
}

async function resolveSession(db: Db, token: string, now: Date): Promise<UserCaller | null> {
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
  deps: {
    db: Db;
    clock: Clock;
    businessRole: BusinessRoleResolver;
    apiUser: ApiUserAuthenticator;
    /** Calls each API user may make per minute (API_USER_RATE_LIMIT). */
    apiUserRateLimit: number;
  },
): void {
  /**
   * Counts a call of an API user, per username and client address: the limit bounds both a busy
   * client and someone guessing a secret (counted before the secret is checked), and a stranger
   * who knows the username cannot use up the limit of the API user's own systems.
   */
  async function throttleApiUser(username: string, clientIp: string, now: Date): Promise<void> {
    const rule = { key: `api-user:${username}:${clientIp}`, limit: deps.apiUserRateLimit, windowMs: 60_000 };
    await countHitOrRefuse(
      deps.db,
      rule,
      now,
      (retryAfterSeconds) =>
        new AppError('TOO_MANY_ATTEMPTS', 'Too many calls by this API user. Please wait and try again.', {
          retryAfterSeconds,
        }),
    );
  }

  const apiUserCaller = (found: FoundApiUser, by: 'secret' | 'token', sessionId: string): ApiUserCaller => ({
    kind: 'user',
    userId: found.userId,
    sessionId,
    apiUserId: found.apiUserId,
    apiUserBy: by,
    membership: { businessId: found.businessId, role: 'member' },
  });

  /** The API user behind Basic credentials, throttled before the secret is checked; null when wrong. */
  async function resolveApiUser(
    credentials: { username: string; secret: string },
    clientIp: string,
  ): Promise<ApiUserCaller | null> {
    const now = deps.clock.now();
    await throttleApiUser(credentials.username, clientIp, now);
    const found = await deps.apiUser.bySecret(deps.db, credentials, now);
    return found && apiUserCaller(found, 'secret', `api-user:${found.apiUserId}`);
  }

  /** The API user of a bearer token from POST /v1/login, throttled as its Basic calls are; or null. */
  async function resolveApiUserToken(token: string, clientIp: string): Promise<ApiUserCaller | null> {
    const now = deps.clock.now();
    const tokenHash = hashToken(token);
    const found = await deps.apiUser.byToken(deps.db, tokenHash, now);
    if (!found) return null;
    await throttleApiUser(found.username, clientIp, now);
    return apiUserCaller(found, 'token', tokenHash);
  }

  /** An API user acts for its business as a member would; never as an admin. */
  function admitApiUser(request: FastifyRequest, policy: AuthPolicy, apiUser: ApiUserCaller): void {
    const { membership, ...caller } = apiUser;
    request.caller = { ...caller, client: clientOf(request) };
    if (policy === 'admin')
      throw new AppError('BUSINESS_ADMINS_ONLY', 'Only the admins of the business can do this.');
    if (policy === 'member') request.business = membership;
  }

  app.decorateRequest('caller', null);
  app.decorateRequest('business', null);
  app.addHook('onRequest', async (request) => {
    const policy = request.routeOptions.config.auth;
    if (!policy || !authPolicies.includes(policy)) {
      // Unmatched URLs reach the not-found handler, which is public by nature.
      if (request.is404) return;
      throw new AppError('FORBIDDEN', 'This route declares no access policy.');
    }
    if (policy === 'public' && request.routeOptions.config.callerless === true) return;
    if (policy === 'nas') {
      const credentials = directCredentials(request);
      const visitor = credentials ? await resolveVisitor(deps.db, credentials) : null;
      if (!visitor) throw new AppError('UNAUTHENTICATED', 'This signing link is not valid.');
      request.caller = { ...visitor, client: clientOf(request) };
      return;
    }
    const admitsApiUsers = request.routeOptions.config.endpoint?.apiUsers === true;
    const apiCredentials = admitsApiUsers ? apiUserCredentials(request) : null;
    if (apiCredentials) {
      const apiUser = await resolveApiUser(apiCredentials, request.ip);
      // Wrong name or wrong secret: the same answer, so neither is confirmed to a guesser.
      if (!apiUser) throw new AppError('UNAUTHENTICATED', 'These API credentials are not valid.');
      admitApiUser(request, policy, apiUser);
      return;
    }
    const token = bearerToken(request);
    const user = token ? await resolveSession(deps.db, token, deps.clock.now()) : null;
    // An API user's token opens only the calls its Basic credentials open; elsewhere it is no session.
    const apiUser = token && !user && admitsApiUsers ? await resolveApiUserToken(token, request.ip) : null;
    if (apiUser) {
      admitApiUser(request, policy, apiUser);
      return;
    }
    request.caller = user ? { ...user, client: clientOf(request) } : null;
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
        const membership = await deps.businessRole(deps.db, request.caller.userId);
        if (!membership)
          throw new AppError('BUSINESS_MEMBERS_ONLY', 'This is for members of a business only.');
        // A route naming a business (:businessId) is for that business's people: another business
        // is not found, whatever the caller's role in their own.
        const named = (request.params as Record<string, unknown> | undefined)?.businessId;
        if (named !== undefined && named !== membership.businessId)
          throw new AppError('NOT_FOUND', 'No such business.');
        if (policy === 'admin' && membership.role !== 'admin')
          throw new AppError('BUSINESS_ADMINS_ONLY', 'Only the admins of the business can do this.');
        request.business = membership;
        return;
      }
      case 'api':
        // No call is for API users alone: a call admits them with `apiUsers` in its contract,
        // and their credentials were handled above.
        throw new AppError('UNAUTHENTICATED', 'This call is for API users; give their Basic credentials.');
    }
  });
}

function unauthenticated(token: string | null): AppError {
  return new AppError(
    'UNAUTHENTICATED',
    token ? 'Your session has expired or was ended. Please sign in again.' : 'Please sign in.',
  );
}
