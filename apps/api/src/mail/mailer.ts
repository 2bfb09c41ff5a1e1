import nodemailer from 'nodemailer';
import type { Language } from '@signet/contracts/common';
import { mailOutbox } from '../db/schema/platform.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { templates, type TemplateName } from './templates.ts';
import { escapeHtml } from '../html.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailRequest {
  to: string;
  template: TemplateName;
  lang: Language;
  params?: Record<string, string>;
  /** The button link, when the template has an action. */
  actionUrl?: string;
}

export const mailJobKind = 'mail.send';

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);

/** Renders a template into the plain-text and HTML parts of one mail. */
export function renderMail(request: MailRequest): MailMessage {
  const template = templates[request.template][request.lang];
  const params = request.params ?? {};
  const greeting = fill(template.greeting, params);
  // A paragraph whose placeholders are not all given is left out (an empty message, a visitor's extra link).
  const given = (p: string) => [...p.matchAll(/\{(\w+)\}/g)].every(([, key]) => params[key!] !== undefined);
  const paragraphs = template.paragraphs
    .filter(given)
    .map((p) => fill(p, params))
    .filter((p) => p.trim() !== '');
  const action =
    'action' in template && request.actionUrl ? { label: template.action, url: request.actionUrl } : null;
  const text = [
    greeting,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    '-- ',
    template.footer,
  ].join('\n');
  const html = `<!doctype html><html lang="${request.lang.slice(0, 2)}"><body style="font-family:Arial,sans-serif;color:#1b1f24;max-width:560px;margin:auto">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1746a2;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(action.url)}</p>` : ''}
<hr><p style="font-size:12px;color:#555">${escapeHtml(template.footer)}</p></body></html>`;
  return { to: request.to, subject: fill(template.subject, params), text, html };
}

/**
 * Queues a mail as a durable job in the caller's transaction: if the transaction rolls back,
 * no mail goes out; once committed, the mail is delivered even across a restart.
 */
export async function queueMail(db: Db, clock: Clock, request: MailRequest): Promise<void> {
  const message = renderMail(request);
  await enqueueJob(db, { kind: mailJobKind, payload: { ...message }, runAt: clock.now() });
}

export type MailTransport = (message: MailMessage) => Promise<void>;

/** SMTP when SMTP_URL is set; otherwise the outbox table that the sandbox shows at /sandbox/mail. */
export function createMailTransport(options: {
  smtpUrl?: string;
  from: string;
  db: Db;
  clock: Clock;
}): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return async (message) => {
      await transporter.sendMail({ from: options.from, ...message });
    };
  }
  return async (message) => {
    await options.db.insert(mailOutbox).values({ ...message, createdAt: options.clock.now() });
  };
}
