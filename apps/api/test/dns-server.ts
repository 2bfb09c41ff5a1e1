import { createServer, Packet, type DnsServer } from 'dns2';

/**
 * A real DNS server on loopback (UDP) answering TXT questions from `zone`, a map of names to their
 * TXT values that tests change as an admin would publish records. Other names: NXDOMAIN. A name in
 * `failing` gets SERVFAIL, as a broken authoritative server would.
 */
export interface LoopbackDns {
  /** `127.0.0.1:port`, for DNS_SERVERS. */
  address: string;
  zone: Map<string, string[]>;
  failing: Set<string>;
  close(): Promise<void>;
}

export async function startLoopbackDns(): Promise<LoopbackDns> {
  const zone = new Map<string, string[]>();
  const failing = new Set<string>();
  const server: DnsServer = createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      const values = zone.get(name);
      // RFC 1035 RCODEs (dns2's typings lack its RCODE table): 2 server failure, 3 name error.
      if (failing.has(name)) response.header.rcode = 2;
      else if (!values) response.header.rcode = 3;
      else if (question?.type === Packet.TYPE.TXT)
        for (const data of values)
          response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 60, data }));
      send(response);
    },
  });
  await new Promise<void>((resolve) => {
    server.once('listening', () => resolve());
    void server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  });
  const { udp } = server.addresses() as { udp: { port: number } };
  return {
    address: `127.0.0.1:${udp.port}`,
    zone,
    failing,
    close: () => server.close(),
  };
}
