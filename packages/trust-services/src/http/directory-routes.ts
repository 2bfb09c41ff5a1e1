import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createDirectoryProvider } from '../directory/directory-idp.js';
import { loadOrCreateIdAustriaKeys } from '../id-austria/id-austria-keys.js';
import { renderDirectoryLoginPage } from './directory-login-page.js';
import { acceptHtmlForms } from './html.js';
import { finishInteraction, mountOidcProvider } from './oidc-provider-mount.js';

const loginForm = z.object({
  action: z.enum(['login', 'cancel']),
  email: z.email().max(254).optional(),
  givenName: z.string().trim().max(100).optional(),
  familyName: z.string().trim().max(100).optional(),
});
const uidParams = z.object({ uid: z.string().regex(/^[\w-]{10,100}$/) });

/**
 * The sandbox company directory under `<prefix>/directory`: an OpenID Connect provider a business
 * can set up as its single sign-on to try it (discovery, client registration at `/reg`,
 * authorization, token, JWKS), and its login page, where the tester types the e-mail address and
 * names to log in as. Off with the rest of the sandbox.
 */
export function registerDirectoryRoutes(
  parent: FastifyInstance,
  options: { dataDir: string; publicBaseUrl: string },
): void {
  const publicBase = new URL(options.publicBaseUrl);
  const { ready, asPublic } = mountOidcProvider(parent, {
    name: 'directory',
    publicBaseUrl: options.publicBaseUrl,
    start: async () =>
      createDirectoryProvider({
        issuer: `${options.publicBaseUrl}/directory`,
        keys: await loadOrCreateIdAustriaKeys(options.dataDir, 'directory'),
        interactionPath: `${publicBase.pathname.replace(/\/$/, '')}/directory/login`,
      }),
  });

  parent.register(async (app) => {
    acceptHtmlForms(app);
    app.get('/directory/login/:uid', async (request, reply) => {
      const { provider } = await ready();
      asPublic(request.raw);
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const { uid } = uidParams.parse(request.params);
      if (details.uid !== uid) return reply.status(400).send('This login belongs to another session.');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderDirectoryLoginPage({ uid, clientId: String(details.params.client_id) }));
    });
    app.post('/directory/login/:uid', async (request, reply) => {
      const idp = await ready();
      asPublic(request.raw);
      const form = loginForm.parse(request.body);
      if (form.action === 'cancel') return finishInteraction(idp.provider, request, reply, 'cancel');
      if (!form.email) return reply.status(400).send('An e-mail address is needed.');
      const accountId = idp.remember({
        email: form.email.toLowerCase(),
        givenName: form.givenName ?? '',
        familyName: form.familyName ?? '',
      });
      return finishInteraction(idp.provider, request, reply, { accountId, scope: 'openid email profile' });
    });
  });
}
