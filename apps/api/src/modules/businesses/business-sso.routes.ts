import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseCookie, stringifySetCookie } from 'cookie';
import { businessSsoEndpoints } from '@signet/contracts/endpoints/business-sso';
import { businessCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import * as settings from './business-sso.service.ts';
import * as sso from './sso-login.service.ts';

/**
 * The browser's login cookie: the state of the single sign-on it started. Only the API's SSO paths
 * see it (HttpOnly); SameSite=Lax so that the provider's redirect back, a top-level navigation
 * from another site, carries it, and a login pushed on this browser from elsewhere does not match.
 */
const cookieName = 'signet_sso';
const cookiePath = '/api/v1/sso';
const cookieLifetimeSeconds = 30 * 60;

function setLoginCookie(reply: FastifyReply, secure: boolean, state: string | null): void {
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: cookieName,
      value: state ?? '',
      path: cookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: state ? cookieLifetimeSeconds : 0,
    }),
  );
}

const loginCookie = (request: FastifyRequest) => parseCookie(request.headers.cookie ?? '')[cookieName];

/** Where the callback sends the browser on, in the web app. */
const outcomePaths = {
  session: '/login?sso=done',
  company: '/sso/error/company',
} as const;

/** A business's single sign-on: its admins' settings, and the logins through it. */
export async function businessSsoRoutes(app: FastifyInstance, deps: sso.SsoLoginDeps): Promise<void> {
  const secure = deps.publicUrl.startsWith('https://');
  registerEndpoints(app, businessSsoEndpoints, {
    getIdentityProvider: (request) => settings.getIdentityProvider(deps, businessCaller(request)),
    putIdentityProvider: (request) =>
      settings.putIdentityProvider(deps, businessCaller(request), request.body),
    deleteIdentityProvider: async (request) => {
      await settings.deleteIdentityProvider(deps, businessCaller(request));
    },
    identityProviders: async (request, reply) => {
      const started = await sso.startSsoLogin(deps, request.body.email, request.ip);
      if (!started) return { url: null };
      setLoginCookie(reply, secure, started.state);
      return { url: started.url };
    },
    ssoCallback: async (request, reply) => {
      const answer: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.query))
        if (typeof value === 'string') answer[name] = value;
      const outcome = await sso.finishSsoLogin(deps, answer, loginCookie(request));
      // A failed login's cookie is of no more use; a finished one's hands the session over next.
      if (outcome.to !== 'session') setLoginCookie(reply, secure, null);
      const to = outcome.to === 'error' ? `/sso/error?reason=${outcome.reason}` : outcomePaths[outcome.to];
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    },
    ssoSession: async (request, reply) => {
      const session = await sso.takeSsoSession(deps, loginCookie(request));
      setLoginCookie(reply, secure, null);
      return session;
    },
  });
}
