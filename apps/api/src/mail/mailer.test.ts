import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../test/helpers.ts';
import { startSmtp } from '../../test/smtp-server.ts';
import { renderMail } from './mailer.ts';
import { templates } from './templates.ts';
import { languages } from '@signet/contracts/common';

describe('mail templates', () => {
  it('exist in all four languages with different text and the action link in both parts', () => {
    for (const name of Object.keys(templates) as Array<keyof typeof templates>) {
      const subjects = new Set(languages.map((lang) => templates[name][lang].subject));
      expect(subjects.size, name).toBe(4);
      const mail = renderMail({
        to: 'a@b.ch',
        template: name,
        lang: 'de-ch',
        params: { firstName: 'Jörg' },
        actionUrl: 'https://signet.test/x?a=1&b=2',
      });
      if ('action' in templates[name]['de-ch']) {
        expect(mail.text).toContain('https://signet.test/x?a=1&b=2');
        expect(mail.html).toContain('href="https://signet.test/x?a=1&amp;b=2"');
      }
      expect(mail.text).not.toContain('{firstName}');
    }
  });

  it('escapes what users typed into the HTML part', () => {
    const mail = renderMail({
      to: 'a@b.ch',
      template: 'passwordChanged',
      lang: 'en-gb',
      params: { firstName: '<script>alert(1)</script>' },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('<script>alert(1)</script>');
  });
});

describe.each(databaseKinds)('mail over SMTP on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Signet <no-reply@signet.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the signup mail through the SMTP server with a text and an HTML part', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/request-confirmation',
      payload: { email: 'smtp@example.ch', lang: 'it' },
    });
    expect(response.statusCode).toBe(204);
    await t.app.jobs.drain();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['smtp@example.ch']);
    expect(mail.from).toBe('no-reply@signet.test');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?Q\?Confermate|Subject: Confermate/);
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('/signup/confirm?token=3D');
  });

  it('retries a failed delivery later instead of losing the mail', async () => {
    await smtp.close();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/request-confirmation',
      payload: { email: 'retry@example.ch' },
    });
    await t.app.jobs.drain();
    // Same port, so the app's SMTP_URL still points at it.
    const restarted = await startSmtp(Number(new URL(smtp.url).port));
    t.clock.advance(60_000);
    await t.app.jobs.drain();
    expect(restarted.received.map((m) => m.to[0])).toEqual(['retry@example.ch']);
    smtp = restarted;
  });
});
