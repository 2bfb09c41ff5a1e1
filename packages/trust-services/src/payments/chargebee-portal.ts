import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { chargebeePortalPage, unknownLinkPage } from './payment-pages.js';
import { newPageToken, sameToken } from './page-tokens.js';
import type { PaymentsContext } from './payments-context.js';
import type { StripeObject } from './payments-store.js';

// The one part of Chargebee's API Signet calls, for businesses Chargebee bills instead of Stripe:
// portal sessions (POST /api/v2/portal_sessions, HTTP Basic with the API key as user name) and the
// portal page its `access_url` opens. Mounted at `<payments>/chargebee`; the key is the sandbox's
// secret key.

interface ChargebeePortalSession extends StripeObject {
  object: 'chargebee_portal_session';
  customer_id: string;
  redirect_url: string | null;
  access_url: string;
}

/** Chargebee's portal links work for an hour. */
const linkLifetime = 60 * 60;

const sessionBody = z.object({
  'customer[id]': z.string().min(1).max(50),
  redirect_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
});
const link = z.object({ id: z.string().max(100), token: z.string().max(100) });

const chargebeeError = (status: number, message: string, param?: string) => ({
  message,
  type: 'invalid_request',
  api_error_code: status === 401 ? 'api_authentication_failed' : 'param_wrong_value',
  ...(param ? { param } : {}),
  http_status_code: status,
});

export function registerChargebeePortal(app: FastifyInstance, ctx: PaymentsContext, apiKey: string): void {
  app.post('/chargebee/api/v2/portal_sessions', async (request, reply) => {
    const given = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const user = Buffer.from(given, 'base64').toString('utf8').replace(/:$/, '');
    if (!sameToken(apiKey, user))
      return reply.status(401).send(chargebeeError(401, 'Sorry, authentication failed. Invalid api key'));
    const parsed = sessionBody.safeParse(Object.fromEntries(new URLSearchParams(String(request.body ?? ''))));
    if (!parsed.success)
      return reply.status(400).send(chargebeeError(400, 'customer[id] : cannot be blank', 'customer[id]'));
    const id = ctx.store.newId('portal');
    const token = newPageToken();
    const session = ctx.store.insert<ChargebeePortalSession>(
      {
        id,
        object: 'chargebee_portal_session',
        created: ctx.store.now(),
        customer_id: parsed.data['customer[id]'],
        redirect_url: parsed.data.redirect_url ?? null,
        access_url: `${ctx.publicBaseUrl}/chargebee/portal/${id}/${token}`,
      },
      { pageToken: token, expiresAt: ctx.store.now() + linkLifetime },
    );
    await ctx.store.save();
    const { object: _object, ...fields } = session;
    return { portal_session: { ...fields, object: 'portal_session', status: 'created', token: id } };
  });

  app.get('/chargebee/portal/:id/:token', async (request, reply) => {
    const { id, token } = link.parse(request.params);
    const session = ctx.store.find(id);
    const internal = session ? ctx.store.internal(id) : {};
    const valid =
      session?.object === 'chargebee_portal_session' &&
      sameToken(internal.pageToken, token) &&
      (internal.expiresAt as number) >= ctx.store.now();
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!valid) return reply.status(404).send(unknownLinkPage());
    return reply.send(chargebeePortalPage(session as ChargebeePortalSession));
  });
}
