import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionSettings } from '../test/production-settings.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.sandboxEnabled).toBe(true);
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    }
  });

  it('keeps blobs in files unless all four S3 settings are given, and names the missing ones', () => {
    expect(loadConfig({}).blobStorage).toEqual({ kind: 'files' });
    const s3 = {
      S3_URL: 'http://127.0.0.1:9000',
      S3_BUCKET: 'signet-blobs',
      S3_ACCESS_KEY_ID: 'signet',
      S3_SECRET_ACCESS_KEY: 'secret-key-123',
    };
    expect(loadConfig(s3).blobStorage).toEqual({
      kind: 's3',
      url: 'http://127.0.0.1:9000',
      bucket: 'signet-blobs',
      region: 'us-east-1',
      accessKeyId: 'signet',
      secretAccessKey: 'secret-key-123',
    });
    // Compose files pass unset variables through as empty values: that is unset, not half a setting.
    expect(loadConfig({ S3_URL: '', S3_BUCKET: '' }).blobStorage).toEqual({ kind: 'files' });
    expect(() => loadConfig({ S3_URL: s3.S3_URL, S3_BUCKET: s3.S3_BUCKET })).toThrow(
      /S3_ACCESS_KEY_ID: must be set[\s\S]*S3_SECRET_ACCESS_KEY: must be set/,
    );
    expect(() => loadConfig({ ...s3, S3_URL: 'ftp://store' })).toThrow(/S3_URL: must be an http/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Not_A_Bucket' })).toThrow(
      /S3_BUCKET: must be an S3 bucket name/,
    );
  });

  it('admits other callers to /metrics only with a METRICS_TOKEN of at least 32 characters', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32/);
  });

  it('takes an audit MAC key of at least 32 characters, else the data folder keeps one', () => {
    expect(loadConfig({}).auditMacKey).toBeUndefined();
    expect(loadConfig({ AUDIT_MAC_KEY: 'k'.repeat(32) }).auditMacKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ AUDIT_MAC_KEY: 'short' })).toThrow(/AUDIT_MAC_KEY: must be at least 32/);
  });

  it('re-timestamps archives a year ahead unless told otherwise, in whole days from 30 to 3650', () => {
    expect(loadConfig({}).archiveRetimestampMarginDays).toBe(365);
    expect(loadConfig({ ARCHIVE_RETIMESTAMP_MARGIN_DAYS: '90' }).archiveRetimestampMarginDays).toBe(90);
    for (const [bad, reason] of [
      ['29', /at least 30 days/],
      ['3651', /at most 3650 days/],
      ['1.5', /a whole number of days/],
      ['soon', /a whole number of days/],
    ] as const)
      expect(() => loadConfig({ ARCHIVE_RETIMESTAMP_MARGIN_DAYS: bad }), bad).toThrow(
        new RegExp(`ARCHIVE_RETIMESTAMP_MARGIN_DAYS: must be ${reason.source}`),
      );
  });

  it('serves images at /.netlify/images with a 256 MB variant cache unless told otherwise, never below /api', () => {
    expect(loadConfig({})).toMatchObject({
      imagesPath: '/.netlify/images',
      imageCacheBytes: 256 * 1024 * 1024,
    });
    expect(loadConfig({ IMAGES_PATH: '/pictures', IMAGE_CACHE_MB: '8' })).toMatchObject({
      imagesPath: '/pictures',
      imageCacheBytes: 8 * 1024 * 1024,
    });
    for (const bad of ['/api/images', '/sandbox', 'images', '/a b'])
      expect(() => loadConfig({ IMAGES_PATH: bad }), bad).toThrow(/IMAGES_PATH: must be a path/);
    expect(() => loadConfig({ IMAGE_CACHE_MB: '0' })).toThrow(/IMAGE_CACHE_MB: must be at least 1/);
  });

  it('lets SIGNING_CONCURRENCY set how many signatures a process makes at once, at least 2 by default', () => {
    expect(loadConfig({}).signingConcurrency).toBeGreaterThanOrEqual(2);
    expect(loadConfig({ SIGNING_CONCURRENCY: '6' }).signingConcurrency).toBe(6);
    expect(() => loadConfig({ SIGNING_CONCURRENCY: '0' })).toThrow(/SIGNING_CONCURRENCY: must be at least 1/);
    expect(() => loadConfig({ SIGNING_CONCURRENCY: 'many' })).toThrow(
      /SIGNING_CONCURRENCY: must be a whole number of signatures/,
    );
  });

  it('gives a business 50 seats and 14 days to revoke its deletion unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ businessSeatLimit: 50, businessDeletionGraceDays: 14 });
    expect(loadConfig({ BUSINESS_SEAT_LIMIT: '5', BUSINESS_DELETION_GRACE_DAYS: '30' })).toMatchObject({
      businessSeatLimit: 5,
      businessDeletionGraceDays: 30,
    });
    expect(() => loadConfig({ BUSINESS_SEAT_LIMIT: '0' })).toThrow(/BUSINESS_SEAT_LIMIT/);
    for (const [bad, reason] of [
      ['0', /at least 1 day/],
      ['366', /at most 365 days/],
      ['2.5', /a whole number of days/],
    ] as const)
      expect(() => loadConfig({ BUSINESS_DELETION_GRACE_DAYS: bad }), bad).toThrow(
        new RegExp(`BUSINESS_DELETION_GRACE_DAYS: must be ${reason.source}`),
      );
  });

  it('gives an unpaid invoice 14 days before the business is locked, and takes the Stripe webhook secret', () => {
    expect(loadConfig({})).toMatchObject({ billingGraceDays: 14, payments: { webhookSecret: undefined } });
    expect(
      loadConfig({ BILLING_GRACE_DAYS: '3', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef' }),
    ).toMatchObject({ billingGraceDays: 3, payments: { webhookSecret: 'whsec_0123456789abcdef' } });
    expect(() => loadConfig({ BILLING_GRACE_DAYS: '91' })).toThrow(
      /BILLING_GRACE_DAYS: must be at most 90 days/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'short' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be at least 16/,
    );
  });

  it('derives the public URL from the port and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://sign.example.ch/' }).publicUrl).toBe('https://sign.example.ch');
  });

  it('keeps the sandbox on for development and test, and has no default client token', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sandboxEnabled).toBe(true);
    expect(loadConfig({}).qtspClientToken).toBeUndefined();
    expect(loadConfig({}).sandboxAccessSecret).toBeUndefined();
  });

  it('reads TRUST_PROXY: off by default, proxy addresses and CIDRs, never true or a hop count', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '1', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/could choose their own address/);
  });

  it('reads TRUST_ANCHORS_FILE as a PEM bundle, and stops on a file it cannot use', () => {
    const dir = mkdtempSync(join(tmpdir(), 'signet-anchors-'));
    const pem = (name: string) =>
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-keyout',
          join(dir, `${name}.key`),
          '-subj',
          `/CN=${name}`,
          '-days',
          '1',
        ],
        { encoding: 'latin1', stdio: ['ignore', 'pipe', 'ignore'] },
      );
    const bundle = join(dir, 'bundle.pem');
    writeFileSync(bundle, `# national roots\n${pem('Root A')}${pem('Root B')}`);
    const anchors = loadConfig({ TRUST_ANCHORS_FILE: bundle }).trustAnchors;
    expect(anchors.map((der) => new X509Certificate(der).subject)).toEqual(['CN=Root A', 'CN=Root B']);
    expect(loadConfig({}).trustAnchors).toEqual([]);

    writeFileSync(join(dir, 'empty.pem'), 'no certificates here\n');
    writeFileSync(join(dir, 'bad.pem'), '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    expect(() => loadConfig({ TRUST_ANCHORS_FILE: join(dir, 'missing.pem') })).toThrow(
      /TRUST_ANCHORS_FILE: cannot read .*missing\.pem \(ENOENT\)/,
    );
    expect(() => loadConfig({ TRUST_ANCHORS_FILE: join(dir, 'empty.pem') })).toThrow(
      /holds no PEM certificate/,
    );
    expect(() => loadConfig({ TRUST_ANCHORS_FILE: join(dir, 'bad.pem') })).toThrow(
      /certificate 1 of .* is not a valid X\.509 certificate/,
    );
  });

  it('reads DNS_SERVERS: the system resolver by default, addresses with optional ports', () => {
    expect(loadConfig({}).dnsServers).toBeUndefined();
    expect(
      loadConfig({ DNS_SERVERS: '192.0.2.53, 127.0.0.1:5353,[::1]:53,2001:db8::53' }).dnsServers,
    ).toEqual(['192.0.2.53', '127.0.0.1:5353', '[::1]:53', '2001:db8::53']);
    for (const bad of ['dns.example', '192.0.2.1:99999', '[::1', '1.2.3.4:53:53'])
      expect(() => loadConfig({ DNS_SERVERS: bad }), bad).toThrow(/DNS_SERVERS/);
  });
});

/** The lines of the refusal, or [] when the configuration is accepted. */
function refusal(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
}

describe('config in production', () => {
  it('starts with the documented settings, the sandbox off', () => {
    const config = loadConfig(productionSettings);
    expect(config.sandboxEnabled).toBe(false);
    expect(config.qtspClientToken).toBe(productionSettings.QTSP_CLIENT_TOKEN);
    expect(config.identificationUrl).toBe(productionSettings.IDENTIFICATION_URL);
    expect(config.identificationWebhookSecret).toBe(productionSettings.IDENTIFICATION_WEBHOOK_SECRET);
  });

  it('refuses the defaults with one line per missing setting', () => {
    const lines = refusal({ NODE_ENV: 'production' });
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'PUBLIC_URL',
      'TRUST_SERVICES_URL',
      'QTSP_CLIENT_TOKEN',
      'IDENTIFICATION_URL',
      'IDENTIFICATION_CLIENT_TOKEN',
      'IDENTIFICATION_WEBHOOK_SECRET',
      'ID_AUSTRIA_ISSUER',
      'ID_AUSTRIA_CLIENT_ID',
      'ID_AUSTRIA_CLIENT_SECRET',
      'STRIPE_API_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
      'MAIL_FROM',
    ]);
  });

  it('refuses each unsafe fallback on its own', () => {
    const without = (name: keyof typeof productionSettings) =>
      refusal(Object.fromEntries(Object.entries(productionSettings).filter(([key]) => key !== name)));
    expect(without('QTSP_CLIENT_TOKEN')).toEqual([
      'QTSP_CLIENT_TOKEN: with the sandbox off, set the client token your QTSP issued to Signet',
    ]);
    expect(without('TRUST_SERVICES_URL')).toHaveLength(1);
    expect(without('IDENTIFICATION_URL')).toHaveLength(1);
    expect(without('IDENTIFICATION_CLIENT_TOKEN')).toEqual([
      'IDENTIFICATION_CLIENT_TOKEN: with the sandbox off, set the client token your identification provider issued to Signet',
    ]);
    expect(without('IDENTIFICATION_WEBHOOK_SECRET')).toHaveLength(1);
    expect(without('STRIPE_WEBHOOK_SECRET')).toHaveLength(1);
    expect(without('ID_AUSTRIA_CLIENT_SECRET')).toEqual([
      'ID_AUSTRIA_CLIENT_SECRET: with the sandbox off, set the issuer URL of ID Austria and the client id and secret it registered for Signet',
    ]);
    expect(without('SMTP_URL')).toHaveLength(1);
    expect(without('STRIPE_SECRET_KEY')).toEqual([
      "STRIPE_SECRET_KEY: with the sandbox off, set the Stripe API URL (https://api.stripe.com), your secret and publishable keys and the signing secret of Signet's webhook endpoint",
    ]);
    expect(without('STRIPE_WEBHOOK_SECRET')).toHaveLength(1);
    expect(without('STRIPE_PUBLISHABLE_KEY')).toHaveLength(1);
    expect(without('PUBLIC_URL')).toHaveLength(1);
    expect(refusal({ ...productionSettings, PUBLIC_URL: 'http://sign.example.ch' })).toEqual([
      'PUBLIC_URL: must be an https:// URL in production (passwords and signing links travel over it)',
    ]);
  });

  it('turns the sandbox on only when asked, and then only with an access secret', () => {
    expect(refusal({ ...productionSettings, SANDBOX: 'on' })).toEqual([
      'SANDBOX_ACCESS_SECRET: SANDBOX=on in production needs an access secret of 16+ characters for its outboxes and controls',
    ]);
    const demo = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://demo.example.ch',
      SANDBOX: 'on',
      SANDBOX_ACCESS_SECRET: 'a-long-demo-access-secret',
    });
    expect(demo.sandboxEnabled).toBe(true);
    expect(demo.sandboxAccessSecret).toBe('a-long-demo-access-secret');
    expect(refusal({ ...productionSettings, SANDBOX_ACCESS_SECRET: 'short' })).toEqual([
      'SANDBOX_ACCESS_SECRET: must be at least 16 characters',
    ]);
  });
});
