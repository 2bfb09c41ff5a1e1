import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Email } from '@signet/contracts/common';
import type { HandlerResultOf } from '@signet/contracts/endpoint';
import { platformEndpoints } from '@signet/contracts/endpoints/platform';
import { pingDatabase } from '../../db/client.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import * as platform from './platform.service.ts';
import { readiness, type ReadinessChecks } from './readiness.service.ts';
import { escapeHtml } from '../../html.ts';

const MaintenanceBody = z.strictObject({
  active: z.boolean(),
  blocking: z.boolean().default(false),
  name: z.string().max(200).optional(),
  url: z.url().optional(),
});

/** The installation's own calls; `signerAssertionKeys` is the JWKS the QTSP operator registers. */
export async function platformRoutes(
  app: FastifyInstance,
  deps: platform.PlatformDeps & {
    env: string;
    readiness: ReadinessChecks;
    signerAssertionKeys: () => HandlerResultOf<typeof platformEndpoints.signerAssertionKeys>;
  },
): Promise<void> {
  registerEndpoints(app, platformEndpoints, {
    health: async () => {
      await pingDatabase(deps.db);
      return { status: 'ok' as const };
    },
    ready: () => readiness(deps.readiness),
    statusSummary: () => platform.statusSummary(deps),
    signerAssertionKeys: () => deps.signerAssertionKeys(),
  });

  if (deps.env === 'test') {
    // Lets the end-to-end tests switch maintenance on and off; registered only when NODE_ENV=test,
    // hidden from the API's description (no contract value: it is no call of the product).
    app.withTypeProvider<ZodTypeProvider>().post('/test/maintenance', {
      config: { auth: 'public' },
      schema: { hide: true, body: MaintenanceBody },
      handler: async (request, reply) => {
        await platform.setMaintenance(deps, request.body);
        return reply.status(204).send();
      },
    });
  }
}

const OutboxQuery = z.strictObject({
  to: Email.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * The sandbox's view of the mail outbox (mounted under /sandbox when the sandbox is on). Mails hold
 * confirmation and password-reset links: the sandbox access guard admits loopback callers only, and
 * others with the access secret.
 */
export async function sandboxMailRoutes(
  app: FastifyInstance,
  deps: platform.PlatformDeps,
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): Promise<void> {
  app.addHook('onRequest', guard);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/mail.json', {
    config: { auth: 'public' },
    schema: { hide: true, querystring: OutboxQuery },
    handler: async (request) =>
      (await platform.outbox(deps, request.query)).map((m) => ({
        ...m,
        createdAt: m.createdAt.toISOString(),
      })),
  });

  r.get('/mail', {
    config: { auth: 'public' },
    schema: { hide: true, querystring: OutboxQuery },
    handler: async (request, reply) => {
      const mails = await platform.outbox(deps, request.query);
      const rows = mails
        .map(
          (
            m,
          ) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p>
<details open><summary>Message</summary><iframe title="${escapeHtml(m.subject)}" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(m.html)}"></iframe></details>
<details><summary>Plain text</summary><pre>${escapeHtml(m.text)}</pre></details></article>`,
        )
        .join('\n');
      const links = mails
        .flatMap((m) =>
          [...m.text.matchAll(/https?:\/\/\S+/g)].map((match) => ({
            to: m.to,
            subject: m.subject,
            url: match[0],
          })),
        )
        .map(
          (l) =>
            `<li>${escapeHtml(l.to)} — ${escapeHtml(l.subject)}: <a href="${escapeHtml(l.url)}">${escapeHtml(l.url)}</a></li>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail outbox - Signet sandbox</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem;color:#1b1f24}article{border:1px solid #ccd;border-radius:8px;padding:1rem;margin:1rem 0}iframe{width:100%;height:320px;border:0}.meta{color:#555}pre{white-space:pre-wrap}</style></head>
<body><header><h1>Mail outbox</h1><p>Mails Signet would have sent. This sandbox is not legally binding. Set SMTP_URL to deliver real mail.</p></header>
<main>${mails.length ? `<section aria-label="Links"><h2>Links in these mails</h2><ul>${links}</ul></section>${rows}` : '<p>No mail yet. Sign up to receive a confirmation mail here.</p>'}</main></body></html>`);
    },
  });
}
