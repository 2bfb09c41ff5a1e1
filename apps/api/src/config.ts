import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads process.env. Every setting is documented in the README's configuration table.
 * A bad value stops the start with one line per problem, naming the variable.
 */
const Env = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Signet <no-reply@signet.localhost>'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SANDBOX: z.enum(['on', 'off']).default('on'),
  TRUST_SERVICES_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  QTSP_CLIENT_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default('signet-sandbox-client-token'),
  MAIL_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  AUDIT_MAC_KEY: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('apps/web/dist'),
});

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Absolute URL where people reach Signet; links in mails point here. No trailing slash. */
  publicUrl: string;
  sandboxEnabled: boolean;
  /** Base URL of the trust services (CSC API, TSA, OCSP/CRL); the embedded sandbox by default. */
  trustServicesUrl: string;
  /** Bearer token the API presents to the remote signing service. */
  qtspClientToken: string;
  /** Mails anonymous callers may trigger per client address and hour (signup, reset). */
  mailLimitPerAddress: number;
  /** Key of the audit trail's MACs; undefined: the data folder's generated `audit-mac-key`. */
  auditMacKey: string | undefined;
  logLevel: string;
  webDist: string;
  /** Background job polling; tests switch it off and drain jobs explicitly. */
  jobPollMs: number | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    sandboxEnabled: e.SANDBOX === 'on',
    trustServicesUrl: (e.TRUST_SERVICES_URL ?? `http://127.0.0.1:${e.PORT}/sandbox`).replace(/\/+$/, ''),
    qtspClientToken: e.QTSP_CLIENT_TOKEN,
    mailLimitPerAddress: e.MAIL_LIMIT_PER_ADDRESS,
    auditMacKey: e.AUDIT_MAC_KEY,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST),
    jobPollMs: 500,
  };
}
