import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BusinessLogo } from '@signet/contracts/businesses';
import { createMailTransport, type MailMessage } from '../../mail/mailer.ts';
import { cast, useTestApp } from '../../../test/factories.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../../test/smtp-server.ts';

/** The parts of a MIME mail with their headers and decoded bodies (nested multiparts flattened). */
function mimeParts(raw: string): Array<{ headers: string; body: Buffer }> {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
  let chunks = [raw];
  for (const boundary of boundaries) chunks = chunks.flatMap((chunk) => chunk.split(`--${boundary}`));
  return chunks
    .map((chunk) => {
      const split = chunk.search(/\r?\n\r?\n/);
      return split < 0 ? null : { headers: chunk.slice(0, split), content: chunk.slice(split).trim() };
    })
    .filter(
      (part): part is { headers: string; content: string } =>
        part !== null && /Content-Type/i.test(part.headers),
    )
    .map(({ headers, content }) => ({
      headers,
      body: /Content-Transfer-Encoding: base64/i.test(headers)
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
        : Buffer.from(content.replace(/=\r?\n/g, '')),
    }));
}

const pdfsOf = (mail: ReceivedMail) =>
  mimeParts(mail.raw).filter((part) => /Content-Type: application\/pdf/i.test(part.headers));

/**
 * Mails of a business member's requests: the business's logo at the top, and the completion mail
 * with the signed document and the signature protocol when the business's settings say so,
 * delivered through a real SMTP server.
 */
describe.each(databaseKinds)('business mails on %s', (kind) => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());
  // Every mail goes to the outbox (the factories read their links there) and over SMTP.
  const transport = async (message: MailMessage) => {
    const from = 'Signet <no-reply@signet.test>';
    await createMailTransport({ from, db: t.database.db, clock: t.clock })(message);
    await createMailTransport({ smtpUrl: smtp.url, from, db: t.database.db, clock: t.clock })(message);
  };
  const t = useTestApp(kind, {
    listen: true,
    overrides: { mailTransport: transport },
    users: cast('admin', 'member', 'signer', 'loner'),
  });
  const { admin, member, signer, loner } = t.users;
  const mailsTo = (to: string, subject: RegExp) =>
    smtp.received.filter((m) => m.to.includes(to) && subject.test(m.raw.replace(/=\r?\n/g, '')));

  it('brands invitations and attaches the signed document and the protocol to the completion mail', async () => {
    const acme = await t.business(admin, { name: 'Acme AG' });
    await t.member(acme, member);
    const base = `/v1/businesses/${acme.id}`;
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    const logo = json<BusinessLogo>(
      await t.upload(`${base}/branding/logo`, admin, [
        { name: 'logo', filename: 'acme.png', contentType: 'image/png', content: png },
      ]),
    );
    const attachments = { signedDocument: { enabled: true }, signatureProtocol: { enabled: true } };
    expect(
      (await t.call('PUT', `${base}/settings`, admin, { mailService: { attachments } })).statusCode,
    ).toBe(200);

    const request = await t.request(member, { title: 'Supply contract', signatures: [signer.email] });
    await t.app.jobs.drain();
    const [invitation] = mailsTo(signer.email, /Supply contract/);
    expect(invitation, 'invitation over SMTP').toBeDefined();
    expect(invitation!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
      `src="${t.config.publicUrl}${logo.url}"`,
    );

    await t.sign(request, signer);
    await t.app.jobs.drain();
    for (const to of [member.email, signer.email]) {
      const completion = mailsTo(to, /Supply contract/).at(-1)!;
      const pdfs = pdfsOf(completion);
      // Header lines folded for length are joined again; a long name may be split in parts (RFC 2231).
      const names = pdfs.map((p) => p.headers.replace(/\r?\n[ \t]+/g, ' '));
      expect(names).toHaveLength(2);
      expect(names[0]).toMatch(/filename="?document\.pdf/);
      expect(names[1]).toMatch(/Supply contract - signature/);
      expect(names[1]).toMatch(/report\.pdf/);
      // The signed document: the signer's signature is in it.
      expect(pdfs[0]!.body.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfs[0]!.body.toString('latin1')).toMatch(/\/ByteRange\s*\[/);
      expect(pdfs[1]!.body.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('sends the completion mail without files when the business switches them off, and plain for others', async () => {
    const beta = await t.business(loner, { name: 'Beta AG' });
    const off = { signedDocument: { enabled: false }, signatureProtocol: { enabled: false } };
    await t.call('PUT', `/v1/businesses/${beta.id}/settings`, loner, { mailService: { attachments: off } });
    const request = await t.request(loner, { title: 'No files please', signatures: [signer.email] });
    await t.sign(request, signer);
    await t.app.jobs.drain();
    const completion = mailsTo(signer.email, /No files please/).at(-1)!;
    expect(pdfsOf(completion)).toEqual([]);
    // No logo: the business's name heads the mail instead.
    expect(completion.raw.replace(/=\r?\n/g, '')).toContain('Beta AG');

    const personal = await t.user();
    const own = await t.request(personal, { title: 'Personal one', signatures: [signer.email] });
    await t.sign(own, signer);
    await t.app.jobs.drain();
    const plain = mailsTo(signer.email, /Personal one/).at(-1)!;
    expect(pdfsOf(plain)).toEqual([]);
    expect(plain.raw).not.toContain('<img');
  });
});
