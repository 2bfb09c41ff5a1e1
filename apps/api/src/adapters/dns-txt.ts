import { Resolver } from 'node:dns/promises';

/**
 * Looks up a name's TXT records (none when the name does not exist); throws DnsUnavailableError
 * when the DNS gives no answer.
 */
export type TxtLookup = (name: string) => Promise<string[]>;

export class DnsUnavailableError extends Error {
  override name = 'DnsUnavailableError';
}

/**
 * TXT lookups through the configured DNS servers (`ip` or `ip:port`; none: the system's). Each TXT
 * record arrives as chunks of at most 255 characters; they are joined into its text.
 */
export function dnsTxtLookup(servers: string[] | undefined): TxtLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers(servers);
  return async (name) => {
    try {
      const records = await resolver.resolveTxt(name);
      return records.map((chunks) => chunks.join(''));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // NXDOMAIN or no TXT there: no record (yet).
      if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
      throw new DnsUnavailableError(`DNS lookup of ${name} failed: ${code ?? (error as Error).message}`);
    }
  };
}
