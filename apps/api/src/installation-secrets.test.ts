import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installationSecret } from './installation-secrets.ts';

describe('installation secrets', () => {
  it('generates a secret once, keeps it readable by the owner only, and returns it again', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'signet-secrets-'));
    const first = installationSecret(dataDir, 'audit-mac-key');
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(installationSecret(dataDir, 'audit-mac-key')).toBe(first);
    expect(readFileSync(join(dataDir, 'secrets', 'audit-mac-key'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'secrets', 'audit-mac-key')).mode & 0o077).toBe(0);
    expect(installationSecret(dataDir, 'qtsp-client-token')).not.toBe(first);
  });

  it('refuses names that could leave the secrets folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'signet-secrets-'));
    expect(() => installationSecret(dataDir, '../escape')).toThrow(/bad secret name/);
  });
});
