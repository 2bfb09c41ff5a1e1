import { describe, expect, it } from 'vitest';
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

  it('takes an audit MAC key of at least 32 characters, else the data folder keeps one', () => {
    expect(loadConfig({}).auditMacKey).toBeUndefined();
    expect(loadConfig({ AUDIT_MAC_KEY: 'k'.repeat(32) }).auditMacKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ AUDIT_MAC_KEY: 'short' })).toThrow(/AUDIT_MAC_KEY: must be at least 32/);
  });

  it('derives the public URL from the port and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://sign.example.ch/' }).publicUrl).toBe('https://sign.example.ch');
  });
});
