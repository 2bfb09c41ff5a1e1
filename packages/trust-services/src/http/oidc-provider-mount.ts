import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';

/**
 * Serves an `oidc-provider` instance under `<prefix>/<name>` (discovery, authorization, token,
 * JWKS, registration): the sandbox's OpenID Connect providers (ID Austria, the company directory)
 * all mount the same way. Returns the started provider and how to make a request look as if it
 * came to the public address, for the provider's own login pages.
 */
export function mountOidcProvider<P extends { provider: Provider }>(
  parent: FastifyInstance,
  options: { name: string; publicBaseUrl: string; start: () => Promise<P> },
): { ready: () => Promise<P>; asPublic: (raw: IncomingMessage) => void } {
  const mount = `${parent.prefix}/${options.name}`;
  const publicBase = new URL(options.publicBaseUrl);
  // Started by the first request, not with the app: a busy machine's start-up does not wait for key
  // generation. Closing waits for a start under way, so keys are never written into a data folder
  // already removed (a test's).
  let ready: Promise<P> | undefined;
  const started = () =>
    (ready ??= options.start().catch((error: unknown) => {
      ready = undefined; // the next request tries again
      throw error;
    }));
  // The provider builds its URLs from the request: it is told the public address whatever the caller
  // sent, so a relying party on loopback and a browser outside see the same endpoints.
  const asPublic = (raw: IncomingMessage) => {
    raw.headers.host = publicBase.host;
    raw.headers['x-forwarded-host'] = publicBase.host;
    raw.headers['x-forwarded-proto'] = publicBase.protocol.replace(':', '');
  };
  parent.register(async (app) => {
    app.addHook('onClose', async () => {
      await ready?.catch(() => undefined);
    });
    // oidc-provider reads its own request bodies (token endpoint forms): Fastify leaves them unread.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const { provider } = await started();
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      asPublic(raw);
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(mount.length) || '/';
      provider.callback()(raw, reply.raw);
    };
    app.all(`/${options.name}/*`, handle);
  });
  return { ready: started, asPublic };
}

/**
 * Ends a login page's interaction: logged in as `accountId` with the scopes granted, or cancelled
 * (the relying party gets `access_denied`). The provider answers the browser itself.
 */
export async function finishInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: { accountId: string; scope: string } | 'cancel',
): Promise<void> {
  if (outcome === 'cancel') {
    reply.hijack();
    return provider.interactionFinished(request.raw, reply.raw, {
      error: 'access_denied',
      error_description: 'The person cancelled the login.',
    });
  }
  const details = await provider.interactionDetails(request.raw, reply.raw);
  const grant = new provider.Grant({
    accountId: outcome.accountId,
    clientId: String(details.params.client_id),
  });
  grant.addOIDCScope(outcome.scope);
  const grantId = await grant.save();
  reply.hijack();
  return provider.interactionFinished(
    request.raw,
    reply.raw,
    { login: { accountId: outcome.accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}
