import type { Language } from '@signet/contracts/common';
import type { Db } from '../../db/client.ts';
import type { RequestRow, SignerRow } from '../../db/schema/signature-requests.ts';
import { queueMail, type MailBrand, type MailRequest } from '../../mail/mailer.ts';
import type { TemplateName } from '../../mail/templates.ts';
import { findUserIdByEmail, getAccount, notificationLevelOf } from '../accounts/accounts.service.ts';
import { canSignNow } from './request-access.service.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';
import { issueVisitorLinks } from './visitor-links.ts';
import { queueCompletionMail, type CompletionFiles } from './completion-mail.service.ts';
import { fullName } from '../../person-name.ts';

// The mails a request sends, each queued in the transaction of the change it tells about.

/** "First Last", or the e-mail address of somebody without a name. */
export const displayName = (s: { firstName: string; lastName: string; email: string }) =>
  fullName(s) || s.email;

/** The owner's account; pass the transaction when inside one (PGlite has a single connection). */
export async function ownerOf(deps: SignatureRequestsDeps, request: RequestRow, db: Db = deps.db) {
  return getAccount({ ...deps, db }, request.ownerId);
}

/**
 * Mails a signer the link to their signature: account holders sign in at /view/{id}; a visitor gets
 * new link secrets with every mail (invitation, reminder, delegation), so the previous ones stop working.
 */
export async function mailSigner(
  deps: SignatureRequestsDeps,
  db: Db,
  template: TemplateName,
  request: RequestRow,
  signer: SignerRow,
  owner: { firstName: string; lastName: string },
): Promise<void> {
  const links = signer.kind === 'visitor' ? await issueVisitorLinks(db, deps.publicUrl, signer) : null;
  const business = await deps.ownerBusiness?.(db, request.ownerId);
  const mail: MailRequest = {
    ...(business ? { brand: business.brand } : {}),
    to: signer.email,
    template,
    lang: signer.language as Language,
    params: {
      title: request.title,
      ownerName: fullName(owner),
      signerName: displayName(signer),
      message: request.message ?? '',
      ...(links ? { sendToUrl: links.sendTo } : {}),
    },
    actionUrl: links?.signing ?? `${deps.publicUrl}/view/${request.id}`,
  };
  await queueMail(db, deps.clock, mail);
}

/**
 * Which notices an account holder gets at each e-mail notification level (spec §3
 * email_notification_level, the profile settings). Invitations and reminders (mailSigner) always
 * go: they ask the person to act.
 */
const wantsNotice: Record<'all' | 'important' | 'none', (template: TemplateName) => boolean> = {
  all: () => true,
  // Not the progress of a request (somebody signed), only how it ended or that it concerns them no more.
  important: (template) => template !== 'signedNotice',
  none: () => false,
};

/**
 * Queues one notice mail in the caller's transaction, unless its recipient's level declines it.
 * With `files`, the request's signed documents and/or signature protocol go along: the mail then
 * waits for a job that reads them (completion-mail.service.ts).
 */
export async function notify(
  deps: SignatureRequestsDeps,
  db: Db,
  mail: {
    to: string;
    template: TemplateName;
    lang: Language;
    params: Record<string, string>;
    url?: string;
    brand?: MailBrand;
    files?: CompletionFiles;
  },
): Promise<void> {
  const level = await notificationLevelOf({ db }, mail.to);
  if (level && !wantsNotice[level](mail.template)) return;
  const request: MailRequest = {
    to: mail.to,
    template: mail.template,
    lang: mail.lang,
    params: mail.params,
    actionUrl: mail.url,
    ...(mail.brand ? { brand: mail.brand } : {}),
  };
  if (mail.files && (mail.files.signedDocument || mail.files.signatureProtocol))
    await queueCompletionMail(db, deps.clock, request, mail.files);
  else await queueMail(db, deps.clock, request);
}

/** An address's language: its account's, else the given fallback. */
export async function languageOf(
  deps: SignatureRequestsDeps,
  db: Db,
  email: string,
  fallback: Language,
): Promise<Language> {
  return (await findUserIdByEmail({ ...deps, db }, email))?.lang ?? fallback;
}

/** Invites the signers who may sign now but could not before (new, or their turn came). */
export async function inviteNewlyAble(
  deps: SignatureRequestsDeps,
  db: Db,
  before: { request: RequestRow; signers: SignerRow[] },
  after: { request: RequestRow; signers: SignerRow[] },
): Promise<void> {
  if (after.request.status !== 'OPEN') return;
  const couldBefore = new Set(
    before.request.status === 'OPEN'
      ? before.signers.filter((s) => canSignNow(before.request, before.signers, s)).map((s) => s.id)
      : [],
  );
  const owner = await ownerOf(deps, after.request, db);
  for (const signer of after.signers)
    if (canSignNow(after.request, after.signers, signer) && !couldBefore.has(signer.id))
      await mailSigner(deps, db, 'invitation', after.request, signer, owner);
}
