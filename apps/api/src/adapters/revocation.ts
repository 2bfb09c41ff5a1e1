import type { RevocationTransports } from '@signet/pdf';
import { binaryBody, callProvider } from './http.ts';

/**
 * OCSP (RFC 6960) and CRL fetching at the URLs the certificates name. `rewrite` maps the public
 * addresses in certificates to where this server reaches the same service (e.g. the embedded
 * sandbox on loopback when the public URL is not reachable from inside).
 */
export function revocationTransports(rewrite: (url: string) => string): RevocationTransports {
  return {
    ocsp: async (url, requestDer) =>
      binaryBody(
        await callProvider('OCSP responder', rewrite(url), {
          method: 'POST',
          headers: { 'content-type': 'application/ocsp-request' },
          body: requestDer,
        }),
      ),
    crl: async (url) =>
      binaryBody(await callProvider('CRL distribution point', rewrite(url), { method: 'GET' })),
  };
}
