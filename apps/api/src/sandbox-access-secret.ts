import { join } from 'node:path';
import type { Config } from './config.ts';
import { installationSecret } from './installation-secrets.ts';

const secretName = 'sandbox-access-secret';

/**
 * What callers other than loopback present to reach the sandbox outboxes and controls: the
 * operator's SANDBOX_ACCESS_SECRET, else one generated at the first start into the data folder.
 */
export function sandboxAccessSecret(config: Config): string {
  return config.sandboxAccessSecret ?? installationSecret(config.dataDir, secretName);
}

/** The one start-up line telling the operator how others reach the sandbox; null with the sandbox off. */
export function sandboxAccessNotice(config: Config): string | null {
  if (!config.sandboxEnabled) return null;
  const how = `header x-sandbox-access-secret, or the form at ${config.publicUrl}/sandbox/mail`;
  if (config.sandboxAccessSecret)
    return `Sandbox on: outboxes and controls answer this machine, others with SANDBOX_ACCESS_SECRET (${how})`;
  return `Sandbox on: outboxes and controls answer this machine, others with the access secret ${sandboxAccessSecret(config)} (${how}; kept in ${join(config.dataDir, 'secrets', secretName)})`;
}
