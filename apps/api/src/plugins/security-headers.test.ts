import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/factories.ts';

/** The Content-Security-Policy as directive → sources. */
function policy(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  const http = useTestApp('pglite');
  const https = useTestApp('pglite', { env: { PUBLIC_URL: 'https://sign.example.ch', SANDBOX: 'off' } });
  const stripe = useTestApp('pglite', {
    env: { SANDBOX: 'off', STRIPE_API_URL: 'https://payments.example.com/stripe/' },
  });

  it('every answer forbids framing and sniffing, sends no referrer, and allows no inline script', async () => {
    for (const url of ['/api/health', '/api/v1/user', '/api/nothing-here', '/api/openapi.json']) {
      const response = await http.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      const csp = policy(response.headers['content-security-policy']);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      const scripts = csp.get('script-src')!;
      expect(scripts[0]).toBe("'self'");
      // Besides our own files only a nonce, never inline or eval'd code.
      for (const source of scripts.slice(1)) expect(source).toMatch(/^'nonce-[0-9a-f]{32}'$/);
      expect(csp.get('style-src')!.join(' ')).not.toContain('unsafe-inline');
    }
  });

  it('lets the web app reach the payments API the browser is given, and nothing else of its host', async () => {
    // The embedded sandbox is Signet's own origin: nothing is added.
    const own = await http.app.inject({ method: 'GET', url: '/api/health' });
    expect(policy(own.headers['content-security-policy']).get('connect-src')).toEqual(["'self'"]);
    const csp = policy(
      (await stripe.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://payments.example.com/stripe/']);
    // The form uses fetch; the authentication page is a navigation, which returns to Signet.
    expect(csp.get('form-action')).toEqual(["'self'"]);
  });

  it('sends HSTS and upgrades requests only when PUBLIC_URL is https', async () => {
    const plain = await http.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(policy(plain.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
    const secure = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(policy(secure.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('the API docs get their own files, a data: logo and the API, nothing inline', async () => {
    const docs = await http.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const csp = policy(docs.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Every script of the page is a file the policy admits.
    for (const [, attributes] of docs.body.matchAll(/<script([^>]*)>/g)) expect(attributes).toMatch(/src="/);
    const asset = await http.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(policy(asset.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it("the sandbox's plain outbox pages may use inline styles, never inline script", async () => {
    const mail = await http.app.inject({ method: 'GET', url: '/sandbox/mail' });
    expect(mail.statusCode).toBe(200);
    const csp = policy(mail.headers['content-security-policy']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
