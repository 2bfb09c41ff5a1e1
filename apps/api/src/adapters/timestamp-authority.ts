import type { TimestampTransport } from '@signet/pdf';
import { binaryBody, callProvider } from './http.ts';

/** RFC 3161 over HTTP: the engine builds the request and reads the reply; this only carries them. */
export function timestampTransport(baseUrl: string): TimestampTransport {
  return async (requestDer) =>
    binaryBody(
      await callProvider('timestamp authority', `${baseUrl}/tsa`, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query' },
        body: requestDer,
      }),
    );
}
