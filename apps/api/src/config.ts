import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './blobs/s3-blob-store.ts';

/** proxy-addr's names for whole private ranges, which Fastify accepts among the addresses. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** A DNS server as Node's resolver takes it: an address, with a port as `1.2.3.4:53` or `[::1]:53`. */
function isDnsServer(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  const withPort = /^([^:]+):(\d{1,5})$/.exec(entry);
  const [address, port] = bracketed
    ? [bracketed[1], bracketed[2]]
    : withPort
      ? [withPort[1], withPort[2]]
      : [entry];
  return isIP(address ?? '') !== 0 && (port === undefined || Number(port) <= 65_535);
}

const DnsServers = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): string[] | undefined => {
    if (!value) return undefined;
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isDnsServer(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of DNS server addresses, each optionally with a port (not ${bad.join(', ')})`,
    });
    return z.NEVER;
  });

/**
 * The proxies whose X-Forwarded-For Fastify believes when it works out the client's address
 * (request.ip): none (off), or their addresses. Never `true`, which believes the header from any
 * caller, so everyone could pick the address that login throttling and loopback checks see; nor a
 * hop count, which cannot tell a proxy from a client that connects directly (Fastify 5 ignores it).
 */
const TrustProxy = z
  .string()
  .trim()
  .default('off')
  .transform((value, ctx): false | string[] => {
    if (['', 'off', 'false'].includes(value)) return false;
    if (['true', 'on', '*'].includes(value) || /^\d+$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `${value} would believe X-Forwarded-For from clients that connect directly, so they could choose their own address; give the proxies' addresses or CIDRs`,
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be off or a comma-separated list of proxy addresses or CIDRs (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const pemCertificate = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g;

/**
 * TRUST_ANCHORS_FILE: a PEM bundle of CA certificates the operator trusts besides Signet's own
 * (e.g. a national or the EU list's CAs), read once at start. An unreadable file, one without
 * certificates or with a certificate that does not parse stops the start: a silently empty trust
 * list would make every foreign signature INDETERMINATE without anyone noticing why.
 */
const TrustAnchorsFile = z
  .string()
  .trim()
  .optional()
  .transform((path, ctx): Uint8Array[] => {
    if (!path) return [];
    let pem: string;
    try {
      pem = readFileSync(resolve(path), 'latin1');
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      });
      return z.NEVER;
    }
    const anchors = [...pem.matchAll(pemCertificate)].map(
      (m) => new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64')),
    );
    if (anchors.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
      });
      return z.NEVER;
    }
    for (const [index, der] of anchors.entries()) {
      try {
        new X509Certificate(der);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `certificate ${index + 1} of ${path} is not a valid X.509 certificate`,
        });
        return z.NEVER;
      }
    }
    return anchors;
  });

/** A number of days within bounds; the messages name the bounds. */
/** An optional setting where an empty value counts as unset (compose files pass `VAR=` through). */
const OptionalText = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const WholeDays = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(min, `must be at least ${min} day${min === 1 ? '' : 's'}`)
    .max(max, `must be at most ${max} days`)
    .default(fallback);

/**
 * The one place that reads process.env. Every setting is documented in the README's configuration table.
 * A bad value stops the start with one line per problem, naming the variable.
 */
const Env = z
  .object({
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
    // No default here: production means off unless set, everything else on (see loadConfig).
    SANDBOX: z.enum(['on', 'off']).optional(),
    SANDBOX_ACCESS_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    TRUST_SERVICES_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    QTSP_CLIENT_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    IDENTIFICATION_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    IDENTIFICATION_CLIENT_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    IDENTIFICATION_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ID_AUSTRIA_ISSUER: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    ID_AUSTRIA_CLIENT_ID: z.string().min(1).max(200).optional(),
    ID_AUSTRIA_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    STRIPE_SECRET_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    CHARGEBEE_SITE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    CHARGEBEE_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    MAIL_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    API_USER_RATE_LIMIT: z.coerce
      .number({ error: 'must be a whole number of calls per minute' })
      .int('must be a whole number of calls per minute')
      .min(1, 'must be at least 1')
      .max(100_000, 'must be at most 100000')
      .default(120),
    BUSINESS_SEAT_LIMIT: z.coerce
      .number({ error: 'must be a whole number of seats' })
      .int('must be a whole number of seats')
      .min(1, 'must be at least 1')
      .max(100_000, 'must be at most 100000')
      .default(50),
    // Below a month the renewal would race the TSA certificate's end; past ten years it would renew
    // at once after every completion (the sandbox TSA certificate lasts five).
    ARCHIVE_RETIMESTAMP_MARGIN_DAYS: WholeDays(30, 3650, 365),
    BUSINESS_DELETION_GRACE_DAYS: WholeDays(1, 365, 14),
    BILLING_GRACE_DAYS: WholeDays(1, 90, 14),
    TRUST_PROXY: TrustProxy,
    TRUST_ANCHORS_FILE: TrustAnchorsFile,
    DNS_SERVERS: DnsServers,
    AUDIT_MAC_KEY: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    REFERRAL_TOKEN_KEY: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    WEBHOOK_ENCRYPTION_KEY: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    OUTBOUND_ALLOW_PRIVATE_ADDRESSES: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default('apps/web/dist'),
    // The site's image endpoint (spec §7: /.netlify/images by default); not below /api or /sandbox.
    IMAGES_PATH: z
      .string()
      .regex(
        /^\/(?!api(\/|$)|sandbox(\/|$))[\w./-]+$/,
        'must be a path such as /.netlify/images, outside /api and /sandbox',
      )
      .default('/.netlify/images'),
    SIGNING_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number of signatures' })
      .int('must be a whole number of signatures')
      .min(1, 'must be at least 1')
      .max(256, 'must be at most 256')
      .default(Math.max(2, availableParallelism())),
    IMAGE_CACHE_MB: z.coerce
      .number({ error: 'must be a whole number of megabytes' })
      .int('must be a whole number of megabytes')
      .min(1, 'must be at least 1')
      .max(100_000, 'must be at most 100000')
      .default(256),
    S3_URL: OptionalText(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
    S3_BUCKET: OptionalText(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3–63 of a–z, 0–9, . and -)'),
    ),
    S3_ACCESS_KEY_ID: OptionalText(z.string().min(1)),
    S3_SECRET_ACCESS_KEY: OptionalText(z.string().min(1)),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    METRICS_TOKEN: OptionalText(z.string().min(32, 'must be at least 32 characters')),
  })
  .superRefine((e, ctx) => {
    // Object storage is all or nothing: half a configuration would silently keep blobs on one disk.
    const s3 = {
      S3_URL: e.S3_URL,
      S3_BUCKET: e.S3_BUCKET,
      S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
    };
    if (Object.values(s3).every((value) => value === undefined)) return;
    for (const [name, value] of Object.entries(s3))
      if (value === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            'must be set: object storage needs S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
        });
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
  /**
   * What callers other than loopback present to reach the sandbox outboxes and controls; undefined:
   * generated per installation (see sandbox-access-secret.ts).
   */
  sandboxAccessSecret: string | undefined;
  /** Base URL of the trust services (CSC API, TSA, OCSP/CRL); the embedded sandbox by default. */
  trustServicesUrl: string;
  /** Bearer token the API presents to the remote signing service; undefined: generated per installation. */
  qtspClientToken: string | undefined;
  /**
   * Base URL of the identification providers, each under its name (`{url}/srs/v1/…`); the embedded
   * sandbox's by default.
   */
  identificationUrl: string;
  /** Bearer token the API presents to the identification providers; undefined: generated per installation. */
  identificationClientToken: string | undefined;
  /** Key of the providers' webhook signatures (HMAC-SHA256); undefined: generated per installation. */
  identificationWebhookSecret: string | undefined;
  /**
   * ID Austria (OpenID Connect): the issuer Signet discovers, and Signet's client id and secret
   * there. Defaults: the embedded sandbox's issuer, client `signet`, a secret generated per
   * installation (undefined here).
   */
  idAustria: {
    issuer: string;
    clientId: string;
    clientSecret: string | undefined;
    /** The embedded sandbox's ID Austria (no issuer configured): what it vouches for is demo quality. */
    embedded: boolean;
  };
  /**
   * Payments (the Stripe API through the official SDK): its base URL (the embedded sandbox's
   * `…/sandbox/payments` by default), the secret key and the webhook signing secret; undefined
   * secrets are generated per installation for the embedded sandbox.
   */
  payments: {
    apiUrl: string;
    /** The same API as browsers reach it (the embedded sandbox: at the public address). */
    browserApiUrl: string;
    secretKey: string | undefined;
    /** The key the web app's payment form presents (card details go from the browser to the provider). */
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    /** Chargebee's site (`https://<site>.chargebee.com`) for businesses it bills; the sandbox's by default. */
    chargebeeSiteUrl: string;
    /** Its API key; the embedded sandbox accepts the payments secret key (used when unset). */
    chargebeeApiKey: string | undefined;
  };
  /** Mails anonymous callers may trigger per client address and hour (signup, reset). */
  mailLimitPerAddress: number;
  /** Seats every business has until billing gives each plan its own (BUSINESS_SEAT_LIMIT). */
  businessSeatLimit: number;
  /** Calls each business API user may make per minute (API_USER_RATE_LIMIT); 429 past it. */
  apiUserRateLimit: number;
  /** Days before a completed document's last timestamp's TSA certificate expires that it is re-timestamped. */
  archiveRetimestampMarginDays: number;
  /** Days between an admin deleting a business and the deletion job carrying it out (revocable till then). */
  businessDeletionGraceDays: number;
  /** Days a failed payment may stay unpaid before the business is locked (BLOCKED). */
  billingGraceDays: number;
  /** The DNS servers domain verification asks (undefined: the system's resolver). */
  dnsServers: string[] | undefined;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For gives request.ip (false: none). */
  trustProxy: false | string[];
  /** CA certificates (DER) the operator trusts for validation besides Signet's own (TRUST_ANCHORS_FILE). */
  trustAnchors: Uint8Array[];
  /** Key of the audit trail's MACs; undefined: the data folder's generated `audit-mac-key`. */
  auditMacKey: string | undefined;
  /** Key of the referral widget's tokens (POST /v1/user/cello); undefined: the data folder's `referral-token-key`. */
  referralTokenKey: string | undefined;
  /** Key of the webhook secrets' encryption; undefined: the data folder's `webhook-encryption-key`. */
  webhookEncryptionKey: string | undefined;
  /** Whether webhooks and callbacks may reach loopback, private and link-local addresses (off: SSRF guard). */
  outboundAllowPrivateAddresses: boolean;
  logLevel: string;
  webDist: string;
  /** Where the site serves its image endpoint (the web app builds its image URLs on it). */
  imagesPath: string;
  /** The most bytes the image variants kept under DATA_DIR/image-cache may take (oldest go first). */
  imageCacheBytes: number;
  /** Signatures this process makes at once; the others wait their turn (SIGNING_CONCURRENCY). */
  signingConcurrency: number;
  /** Where blobs live: files under the data folder, or an S3-compatible bucket (path-style). */
  blobStorage: { kind: 'files' } | ({ kind: 's3' } & S3Settings);
  /** Bearer token that admits callers other than this machine to /metrics; undefined: loopback only. */
  metricsToken: string | undefined;
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
  const trustServicesUrl = (e.TRUST_SERVICES_URL ?? `http://127.0.0.1:${e.PORT}/sandbox`).replace(/\/+$/, '');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const sandboxEnabled = (e.SANDBOX ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on';
  if (e.NODE_ENV === 'production') {
    const unsafe = productionProblems(e, sandboxEnabled);
    if (unsafe.length > 0)
      throw new ConfigError(
        `Refusing to start in production (NODE_ENV=production), see "Running in production" in the README:\n${unsafe.map((line) => `  ${line}`).join('\n')}`,
      );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    sandboxEnabled,
    sandboxAccessSecret: e.SANDBOX_ACCESS_SECRET,
    trustServicesUrl,
    qtspClientToken: e.QTSP_CLIENT_TOKEN,
    identificationUrl: (e.IDENTIFICATION_URL ?? `${trustServicesUrl}/ident`).replace(/\/+$/, ''),
    identificationClientToken: e.IDENTIFICATION_CLIENT_TOKEN,
    identificationWebhookSecret: e.IDENTIFICATION_WEBHOOK_SECRET,
    idAustria: {
      issuer: (e.ID_AUSTRIA_ISSUER ?? `${publicUrl}/sandbox/id-austria`).replace(/\/+$/, ''),
      clientId: e.ID_AUSTRIA_CLIENT_ID ?? 'signet',
      clientSecret: e.ID_AUSTRIA_CLIENT_SECRET,
      embedded: !e.ID_AUSTRIA_ISSUER,
    },
    payments: {
      apiUrl: (e.STRIPE_API_URL ?? `${trustServicesUrl}/payments`).replace(/\/+$/, ''),
      browserApiUrl: (e.STRIPE_API_URL ?? `${publicUrl}/sandbox/payments`).replace(/\/+$/, ''),
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      chargebeeSiteUrl: (e.CHARGEBEE_SITE_URL ?? `${trustServicesUrl}/payments/chargebee`).replace(
        /\/+$/,
        '',
      ),
      chargebeeApiKey: e.CHARGEBEE_API_KEY,
    },
    mailLimitPerAddress: e.MAIL_LIMIT_PER_ADDRESS,
    archiveRetimestampMarginDays: e.ARCHIVE_RETIMESTAMP_MARGIN_DAYS,
    businessSeatLimit: e.BUSINESS_SEAT_LIMIT,
    apiUserRateLimit: e.API_USER_RATE_LIMIT,
    businessDeletionGraceDays: e.BUSINESS_DELETION_GRACE_DAYS,
    billingGraceDays: e.BILLING_GRACE_DAYS,
    trustProxy: e.TRUST_PROXY,
    trustAnchors: e.TRUST_ANCHORS_FILE,
    dnsServers: e.DNS_SERVERS,
    auditMacKey: e.AUDIT_MAC_KEY,
    referralTokenKey: e.REFERRAL_TOKEN_KEY,
    webhookEncryptionKey: e.WEBHOOK_ENCRYPTION_KEY,
    outboundAllowPrivateAddresses: e.OUTBOUND_ALLOW_PRIVATE_ADDRESSES === 'on',
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST),
    imagesPath: e.IMAGES_PATH,
    imageCacheBytes: e.IMAGE_CACHE_MB * 1024 * 1024,
    signingConcurrency: e.SIGNING_CONCURRENCY,
    blobStorage:
      e.S3_URL && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            kind: 's3',
            url: e.S3_URL,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : { kind: 'files' },
    metricsToken: e.METRICS_TOKEN,
    jobPollMs: 500,
  };
}

/**
 * What a production start must not fall back to: defaults that are right on a developer's machine
 * (localhost links, the open sandbox, the embedded trust services, mail kept in the outbox) but that
 * would expose people or lose their mail on a server. One line each, naming the variable.
 */
function productionProblems(e: z.infer<typeof Env>, sandboxEnabled: boolean): string[] {
  const problems: string[] = [];
  if (!e.PUBLIC_URL)
    problems.push('PUBLIC_URL: set the https:// address people reach Signet at (links in mails point there)');
  else if (!e.PUBLIC_URL.startsWith('https://'))
    problems.push(
      'PUBLIC_URL: must be an https:// URL in production (passwords and signing links travel over it)',
    );
  if (sandboxEnabled) {
    if (!e.SANDBOX_ACCESS_SECRET)
      problems.push(
        'SANDBOX_ACCESS_SECRET: SANDBOX=on in production needs an access secret of 16+ characters for its outboxes and controls',
      );
    return problems;
  }
  if (!e.TRUST_SERVICES_URL)
    problems.push(
      "TRUST_SERVICES_URL: with the sandbox off, set the base URL of your QTSP's trust services (CSC, RA, TSA, OCSP/CRL)",
    );
  if (!e.QTSP_CLIENT_TOKEN)
    problems.push('QTSP_CLIENT_TOKEN: with the sandbox off, set the client token your QTSP issued to Signet');
  if (!e.IDENTIFICATION_URL)
    problems.push(
      'IDENTIFICATION_URL: with the sandbox off, set the base URL of your identification providers (video and automatic identification)',
    );
  if (!e.IDENTIFICATION_CLIENT_TOKEN)
    problems.push(
      'IDENTIFICATION_CLIENT_TOKEN: with the sandbox off, set the client token your identification provider issued to Signet',
    );
  if (!e.IDENTIFICATION_WEBHOOK_SECRET)
    problems.push(
      "IDENTIFICATION_WEBHOOK_SECRET: with the sandbox off, set the key of your identification provider's webhook signatures (32+ characters)",
    );
  for (const name of ['ID_AUSTRIA_ISSUER', 'ID_AUSTRIA_CLIENT_ID', 'ID_AUSTRIA_CLIENT_SECRET'] as const)
    if (!e[name])
      problems.push(
        `${name}: with the sandbox off, set the issuer URL of ID Austria and the client id and secret it registered for Signet`,
      );
  for (const name of [
    'STRIPE_API_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
  ] as const)
    if (!e[name])
      problems.push(
        `${name}: with the sandbox off, set the Stripe API URL (https://api.stripe.com), your secret and publishable keys and the signing secret of Signet's webhook endpoint`,
      );
  if (!e.SMTP_URL)
    problems.push(
      'SMTP_URL: with the sandbox off nobody can read the mail outbox; set the SMTP server that delivers mail',
    );
  if (/\.localhost>?$/i.test(e.MAIL_FROM))
    problems.push('MAIL_FROM: set a sender address of your own domain, e.g. "Signet <no-reply@example.ch>"');
  return problems;
}
