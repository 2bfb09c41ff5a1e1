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
  /** Files sent along (the completion mail of a business that attaches them); never queued as such. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The business a mail is sent on behalf of: its name, and its logo's absolute address if it has one. */
export interface MailBrand {
  name: string;
  logoUrl: string | null;
}

export interface MailRequest {
  to: string;
  template: TemplateName;
  lang: Language;
  params?: Record<string, string>;
  /** The button link, when the template has an action. */
  actionUrl?: string;
  /** Shown at the top of the HTML part: the mail comes from this business's request. */
  brand?: MailBrand;
}

/** The business's logo (or its name, without one) above the text. */
function brandHeader(brand: MailBrand | undefined): string {
  if (!brand) return '';
  const name = escapeHtml(brand.name);
  return brand.logoUrl
    ? `<p><img src="${escapeHtml(brand.logoUrl)}" alt="${name}" style="max-height:64px;max-width:240px"></p>\n`
    : `<p style="font-size:18px;font-weight:bold">${name}</p>\n`;
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
${brandHeader(request.brand)}<p>${escapeHtml(greeting)}</p>
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
  return async ({ attachments, ...message }) => {
    // The sandbox outbox keeps the text; an attachment is named at the end of it.
    const named = attachments?.length
      ? `${message.text}\n\n[${attachments.map((a) => a.filename).join(', ')}]`
      : message.text;
    await options.db.insert(mailOutbox).values({ ...message, text: named, createdAt: options.clock.now() });
  };
}
