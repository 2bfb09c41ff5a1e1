import type { FastifyInstance } from 'fastify';
import { isCaId } from '../revocation/crl-issuer.js';
import type { TrustServices } from '../trust-services.js';
import { CscError } from '../csc/csc-error.js';

const notFound = (what: string) => new CscError(404, 'invalid_request', `No ${what}`);

/** The binary PKI protocols: RFC 3161 TSA, RFC 6960 OCSP (POST and GET), CRLs, CA certificates, trust list. */
export function registerProtocolRoutes(app: FastifyInstance, services: () => TrustServices): void {
  app.addContentTypeParser(
    ['application/timestamp-query', 'application/ocsp-request'],
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  );

  app.post('/tsa', async (request, reply) => {
    if (request.headers['content-type'] !== 'application/timestamp-query')
      throw new CscError(415, 'invalid_request', 'Send an application/timestamp-query body');
    const response = await services().tsa.respond(new Uint8Array(request.body as Buffer));
    return reply.type('application/timestamp-reply').send(Buffer.from(response));
  });

  app.post('/ocsp', async (request, reply) => {
    if (request.headers['content-type'] !== 'application/ocsp-request')
      throw new CscError(415, 'invalid_request', 'Send an application/ocsp-request body');
    const response = await services().ocsp.respond(new Uint8Array(request.body as Buffer));
    return reply.type('application/ocsp-response').send(Buffer.from(response));
  });

  // RFC 6960 appendix A.1: GET {url}/{url-encoding of the base64 DER request}; base64 may contain "/".
  app.get('/ocsp/*', async (request, reply) => {
    const encoded = (request.params as { '*': string })['*'];
    const response = await services().ocsp.respond(
      new Uint8Array(Buffer.from(decodeURIComponent(encoded), 'base64')),
    );
    return reply
      .type('application/ocsp-response')
      .header('cache-control', 'max-age=60')
      .send(Buffer.from(response));
  });

  app.get('/crl/:file', async (request, reply) => {
    const caId = (request.params as { file: string }).file.replace(/\.crl$/, '');
    if (!isCaId(caId)) throw notFound(`CRL ${caId}`);
    return reply.type('application/pkix-crl').send(Buffer.from(await services().crl.get(caId)));
  });

  app.get('/ca/:file', async (request, reply) => {
    const caId = (request.params as { file: string }).file.replace(/\.cer$/, '');
    if (!isCaId(caId)) throw notFound(`CA ${caId}`);
    return reply
      .type('application/pkix-cert')
      .send(Buffer.from(services().pki.authority(caId).certificateDer));
  });

  app.get('/trust-list.pem', async (_request, reply) =>
    reply.type('application/x-pem-file').send(services().pki.trustListPem()),
  );
}
