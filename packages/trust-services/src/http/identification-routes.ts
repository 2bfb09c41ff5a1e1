import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CscError } from '../csc/csc-error.js';
import { sessionPage, unknownSessionPage } from '../identification/identification-pages.js';
import type { DocumentReading } from '../identification/identification-service.js';
import { identProviders, isSessionId } from '../identification/identification-sessions.js';
import type { TrustServices } from '../trust-services.js';
import { acceptHtmlForms } from './html.js';

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);
const personName = z.string().trim().min(1).max(100);
const createBody = z.object({
  method: z.enum(['video', 'robo', 'autoident']),
  reference: z.string().min(1).max(200),
  returnUrl: httpUrl,
  webhookUrl: httpUrl,
  person: z.object({ firstName: personName, lastName: personName }),
});
const providerParams = z.object({ provider: z.enum(identProviders) });
const sessionParams = providerParams.extend({ id: z.string().min(1).max(100) });
const pageParams = z.object({ id: z.string().max(100), token: z.string().max(100) });
const outcomeForm = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('success'),
    firstName: personName,
    lastName: personName,
    birthDate: z.iso.date(),
    documentType: z.enum(['identity-card', 'passport']),
  }),
  z.object({ outcome: z.enum(['failure', 'abandoned']) }),
]);

/** The document as the person confirmed it (the form without its button). */
const readingOf = ({ firstName, lastName, birthDate, documentType }: DocumentReading): DocumentReading => ({
  firstName,
  lastName,
  birthDate,
  documentType,
});

/**
 * The identification providers' API for their client (bearer token): create a session, read its
 * status, cancel it. And the pages the person uses, reached through the link with its page token.
 */
export function registerIdentificationRoutes(
  app: FastifyInstance,
  services: () => TrustServices,
  options: { clientToken: string; publicBaseUrl: string },
): void {
  const expected = Buffer.from(`Bearer ${options.clientToken}`);
  const requireClient = async (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new CscError(401, 'invalid_token', 'A valid client bearer token is required');
  };
  const identification = () => services().identification;
  /** The page link of a session: the base URL as browsers see it, the session id and the page token. */
  const pageUrl = (id: string, token: string) => `${options.publicBaseUrl}/ident/sessions/${id}/${token}`;

  app.register(async (client) => {
    client.addHook('onRequest', requireClient);
    client.post('/ident/:provider/v1/sessions', async (request, reply) => {
      const { provider } = providerParams.parse(request.params);
      const { session, pageToken } = await identification().create(provider, createBody.parse(request.body));
      return reply.status(201).send({ ...session, url: pageUrl(session.id, pageToken) });
    });
    client.get('/ident/:provider/v1/sessions/:id', async (request) => {
      const { provider, id } = sessionParams.parse(request.params);
      return identification().get(provider, id);
    });
    client.post('/ident/:provider/v1/sessions/:id/cancel', async (request) => {
      const { provider, id } = sessionParams.parse(request.params);
      return identification().cancel(provider, id);
    });
  });

  app.register(async (pages) => {
    acceptHtmlForms(pages);
    const sessionFor = (request: FastifyRequest) => {
      const { id, token } = pageParams.parse(request.params);
      if (!isSessionId(id)) return undefined;
      try {
        return identification().forPage(id, token);
      } catch {
        return undefined;
      }
    };
    pages.get('/ident/sessions/:id/:token', async (request, reply) => {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      const found = sessionFor(request);
      if (!found) return reply.status(404).send(unknownSessionPage());
      const session = await identification().opened(found);
      return reply.send(sessionPage(session, request.url.split('?')[0]!.split('/').pop()!));
    });
    pages.post('/ident/sessions/:id/:token', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = sessionFor(request);
      if (!session) return reply.status(404).type('text/html; charset=utf-8').send(unknownSessionPage());
      const form = outcomeForm.parse(request.body);
      const ended =
        form.outcome === 'success'
          ? await identification().finish(session, { status: 'success', reading: readingOf(form) })
          : await identification().finish(session, { status: form.outcome });
      return reply.redirect(ended.returnUrl, 303);
    });
  });
}
