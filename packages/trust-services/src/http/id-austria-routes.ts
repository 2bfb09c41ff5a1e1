import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IncomingMessage } from 'node:http';
import { loadOrCreateIdAustriaKeys } from '../id-austria/id-austria-keys.js';
import {
  createIdAustriaProvider,
  sampleIdentities,
  type IdAustriaClient,
  type IdAustriaProvider,
} from '../id-austria/id-austria-idp.js';
import type { AustrianIdentity } from '../id-austria/subject-records.js';
import type { TrustServices } from '../trust-services.js';
import { renderLoginPage } from './id-austria-login-page.js';
import { acceptHtmlForms } from './html.js';

const loginForm = z.object({
  action: z.enum(['login', 'cancel']),
  givenName: z.string().trim().min(1).max(100).optional(),
  familyName: z.string().trim().min(1).max(100).optional(),
  birthDate: z.iso.date().optional(),
});
const sampleQuery = z.object({
  sample: z.coerce
    .number()
    .int()
    .min(0)
    .max(sampleIdentities.length - 1)
    .default(0),
});
const uidParams = z.object({ uid: z.string().regex(/^[\w-]{10,100}$/) });

/**
 * The sandbox ID Austria under `<prefix>/id-austria`: the OpenID Connect endpoints of the provider
 * (discovery, authorization, token, JWKS) and its login page, where the tester picks or edits the
 * Austrian identity to log in as. Off with the rest of the sandbox.
 */
export function registerIdAustriaRoutes(
  parent: FastifyInstance,
  options: {
    dataDir: string;
    publicBaseUrl: string;
    client: IdAustriaClient;
    services: () => TrustServices;
  },
): void {
  const mount = `${parent.prefix}/id-austria`;
  const publicBase = new URL(options.publicBaseUrl);
  const start = (): Promise<IdAustriaProvider> =>
    loadOrCreateIdAustriaKeys(options.dataDir).then((keys) =>
      createIdAustriaProvider({
        issuer: `${options.publicBaseUrl}/id-austria`,
        dataDir: options.dataDir,
        keys,
        client: options.client,
        interactionPath: `${publicBase.pathname.replace(/\/$/, '')}/id-austria/login`,
        idTokenFault: () => options.services().control.faults().idAustriaIdToken,
      }),
    );
  // Started while the app starts, and awaited by it: the keys are written before the app is ready,
  // so an app closed at once (a test) never has them written into a data folder already removed.
  let ready: Promise<IdAustriaProvider>;
  // The provider builds its URLs from the request: it is told the public address whatever the caller
  // sent, so a relying party on loopback and a browser outside see the same endpoints.
  const asPublic = (raw: IncomingMessage) => {
    raw.headers.host = publicBase.host;
    raw.headers['x-forwarded-host'] = publicBase.host;
    raw.headers['x-forwarded-proto'] = publicBase.protocol.replace(':', '');
  };

  parent.register(async (app) => {
    ready = start();
    await ready;
    // oidc-provider reads its own request bodies (token endpoint forms): Fastify leaves them unread.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const { provider } = await ready;
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      asPublic(raw);
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(mount.length) || '/';
      provider.callback()(raw, reply.raw);
    };
    app.all('/id-austria/*', handle);
  });

  parent.register(async (app) => {
    acceptHtmlForms(app);
    app.get('/id-austria/login/:uid', async (request, reply) => {
      const { provider } = await ready;
      asPublic(request.raw);
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const { sample } = sampleQuery.parse(request.query);
      const { uid } = uidParams.parse(request.params);
      if (details.uid !== uid) return reply.status(400).send('This login belongs to another session.');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          renderLoginPage({
            uid,
            chosen: sampleIdentities[sample]!,
            sample,
            clientId: options.client.clientId,
          }),
        );
    });
    app.post('/id-austria/login/:uid', async (request, reply) => {
      const idp = await ready;
      asPublic(request.raw);
      const details = await idp.provider.interactionDetails(request.raw, reply.raw);
      const form = loginForm.parse(request.body);
      if (form.action === 'cancel') {
        reply.hijack();
        return idp.provider.interactionFinished(request.raw, reply.raw, {
          error: 'access_denied',
          error_description: 'The person cancelled the login.',
        });
      }
      if (!form.givenName || !form.familyName || !form.birthDate)
        return reply.status(400).send('Given name, family name and birth date are all needed.');
      const identity: AustrianIdentity = {
        givenName: form.givenName,
        familyName: form.familyName,
        birthDate: form.birthDate,
      };
      const accountId = await idp.remember(identity);
      const clientId = String(details.params.client_id);
      const grant = new idp.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid profile');
      const grantId = await grant.save();
      reply.hijack();
      return idp.provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    });
  });
}
