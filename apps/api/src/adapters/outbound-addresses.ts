import { lookup as dnsLookup, promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Where outbound calls to addresses that businesses choose (webhooks, request callbacks, single
// sign-on issuers) may not go unless the operator allows it (OUTBOUND_ALLOW_PRIVATE_ADDRESSES): a URL
// chosen by a business admin or an API user must not reach Signet's own machine or network.
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // unspecified, "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  refused.addSubnet(network, prefix, 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) as the IPv4 address it is. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return address;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is loopback, private, link-local, unique-local, CGNAT, multicast or unspecified. */
export function isPrivateAddress(address: string): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, '').toLowerCase());
  const family = isIP(plain);
  if (family === 0) return true; // not an address at all: nothing to connect to safely
  return refused.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** The URL's host as a bare name or address (IPv6 without its brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Why a URL may not receive webhooks at configuration time (a literal private address), or null. */
export function configurationProblem(url: string, allowPrivate: boolean): string | null {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'only http and https URLs';
  if (parsed.username || parsed.password) return 'no credentials in the URL';
  const host = hostOf(parsed);
  if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host))
    return 'a loopback, private or link-local address';
  return null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the HTTP client that resolves the name and refuses it when any of its addresses is
 * private: the connection then goes to the address checked here, so a DNS answer that changes
 * between check and connect (rebinding) cannot slip a private address in.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad || addresses.length === 0) {
        const refusal = new Error(`${hostname} resolves to a refused address (${bad?.address ?? 'none'})`);
        return callback(Object.assign(refusal, { code: 'EADDRREFUSED' }), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Refuses a URL whose host is, or resolves to, a refused address: for clients (fetch) that take no
 * `lookup` of their own. They resolve the name again, so a DNS answer that changes in between is
 * not covered; where the connection can be pinned, use `guardedLookup`.
 */
export async function refusePrivateHost(url: string): Promise<void> {
  const host = hostOf(new URL(url));
  const addresses = isIP(host) !== 0 ? [{ address: host }] : await dns.lookup(host, { all: true });
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  if (bad || addresses.length === 0)
    throw new Error(`${host} is or resolves to a refused address (${bad?.address ?? 'none'})`);
}
