import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loadOrCreateIdAustriaKeys } from '../id-austria/id-austria-keys.js';
import {
  createIdAustriaProvider,
  sampleIdentities,
  type IdAustriaClient,
} from '../id-austria/id-austria-idp.js';
import type { AustrianIdentity } from '../id-austria/subject-records.js';
import type { TrustServices } from '../trust-services.js';
import { renderLoginPage } from './id-austria-login-page.js';
import { acceptHtmlForms } from './html.js';
import { finishInteraction, mountOidcProvider } from './oidc-provider-mount.js';

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
  const publicBase = new URL(options.publicBaseUrl);
  const { ready, asPublic } = mountOidcProvider(parent, {
    name: 'id-austria',
    publicBaseUrl: options.publicBaseUrl,
    start: () =>
      loadOrCreateIdAustriaKeys(options.dataDir).then((keys) =>
        createIdAustriaProvider({
          issuer: `${options.publicBaseUrl}/id-austria`,
          dataDir: options.dataDir,
          keys,
          client: options.client,
          interactionPath: `${publicBase.pathname.replace(/\/$/, '')}/id-austria/login`,
          idTokenFault: () => options.services().control.faults().idAustriaIdToken,
        }),
      ),
  });

  parent.register(async (app) => {
    acceptHtmlForms(app);
    app.get('/id-austria/login/:uid', async (request, reply) => {
      const { provider } = await ready();
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
      const idp = await ready();
      asPublic(request.raw);
      const form = loginForm.parse(request.body);
      if (form.action === 'cancel') return finishInteraction(idp.provider, request, reply, 'cancel');
      if (!form.givenName || !form.familyName || !form.birthDate)
        return reply.status(400).send('Given name, family name and birth date are all needed.');
      const identity: AustrianIdentity = {
        givenName: form.givenName,
        familyName: form.familyName,
        birthDate: form.birthDate,
      };
      const accountId = await idp.remember(identity);
      return finishInteraction(idp.provider, request, reply, { accountId, scope: 'openid profile' });
    });
  });
}
