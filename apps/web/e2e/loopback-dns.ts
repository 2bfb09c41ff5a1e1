import { createServer, Packet } from 'dns2';

/**
 * The DNS server Signet asks during the browser tests (scripts/e2e.mjs points the server's
 * DNS_SERVERS at SIGNET_DNS_PORT): a real server on loopback answering TXT questions from `zone`,
 * which a test fills as an admin publishes records at their DNS host. Other names: NXDOMAIN.
 */
export async function startLoopbackDns(): Promise<{ zone: Map<string, string[]>; close(): Promise<void> }> {
  const port = Number(process.env.SIGNET_DNS_PORT);
  if (!port) throw new Error('SIGNET_DNS_PORT is not set: run the browser tests through scripts/e2e.mjs');
  const zone = new Map<string, string[]>();
  const server = createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const values = question ? zone.get(question.name.toLowerCase()) : undefined;
      // RFC 1035 RCODE 3: name error (dns2's typings lack its RCODE table).
      if (!values) response.header.rcode = 3;
      else if (question?.type === Packet.TYPE.TXT)
        for (const data of values)
          response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 60, data }));
      send(response);
    },
  });
  await new Promise<void>((resolve) => {
    server.once('listening', () => resolve());
    void server.listen({ udp: { port, address: '127.0.0.1' } });
  });
  return { zone, close: () => server.close() };
}
