import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createValidatorWorkspace, type ValidatorWorkspace } from '@signet/pdf/testing';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { basicFor, createTestDatabase, strongPassword, type TestDatabase } from './helpers.ts';
import { startS3, type TestS3 } from './s3-server.ts';
import { startSmtp, type TestSmtp } from './smtp-server.ts';
import { callApi, startSignetCluster, type SignetCluster } from './signet-cluster.ts';

const requests = 4;
const signersPerRequest = 2;

/** A received mail's text, quoted-printable undone (nodemailer folds long lines with it). */
const mailText = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';

// Three processes need a PostgreSQL they share; PGlite is one process's own database.
describe.skipIf(!process.env.DATABASE_URL)(
  'three Signet processes on one PostgreSQL and one bucket (skipped without DATABASE_URL: PGlite cannot be shared)',
  () => {
    let database: TestDatabase;
    let s3: TestS3;
    let smtp: TestSmtp;
    let cluster: SignetCluster;
    let validators: ValidatorWorkspace;

    beforeAll(async () => {
      [database, s3, smtp] = await Promise.all([createTestDatabase('postgres'), startS3(), startSmtp()]);
      cluster = await startSignetCluster(3, {
        DATABASE_URL: database.url!,
        SMTP_URL: smtp.url,
        // Every caller comes from the proxy's address: the per-address mail limit would count them as one.
        MAIL_LIMIT_PER_ADDRESS: '10000',
        ...s3.env,
      });
      validators = await createValidatorWorkspace(
        await (await fetch(`${cluster.url}/api/v1/trust-list.pem`)).text(),
      );
    }, 240_000);
    afterAll(async () => {
      await cluster?.close();
      await Promise.all([validators?.dispose(), s3?.close(), smtp?.close()]);
      await database?.close();
    });

    const api = <T>(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
      callApi<T>(cluster.url, method, path, headers, body);
    const mailsTo = (to: string) =>
      smtp.received.filter((mail) => mail.to.includes(to)).map((m) => mailText(m.raw));
    async function until<T>(what: string, probe: () => Promise<T | null> | T | null): Promise<T> {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const value = await probe();
        if (value !== null) return value;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`gave up waiting: ${what}`);
    }

    it('lands every signature once, sends every mail once, and every PDF validates', async () => {
      // The owner signs up through the proxy: the confirmation mail comes from whichever process ran the job.
      const owner = 'owner@scale.example.ch';
      expect(
        (await api('POST', '/v1/request-confirmation', {}, { email: owner, lang: 'en-gb' })).status,
      ).toBe(204);
      const token = await until('confirmation mail', () => {
        const match = mailsTo(owner)
          .join('\n')
          .match(/\/signup\/confirm\?token=([\w-]+)/);
        return match ? match[1]! : null;
      });
      const registered = await api<{ value: string }>(
        'POST',
        '/v1/register',
        {},
        {
          token,
          firstName: 'Olga',
          lastName: 'Owner',
          password: strongPassword,
          gtc: true,
        },
      );
      expect(registered.status).toBe(201);
      const auth = { authorization: `Bearer ${registered.body.value}` };

      const pdf = (await import('./helpers.ts')).samplePdf.toString('base64');
      const created: Array<{ id: string; visitors: string[] }> = [];
      for (let r = 0; r < requests; r++) {
        const visitors = Array.from(
          { length: signersPerRequest },
          (_, s) => `visitor-${r}-${s}@scale.example.ch`,
        );
        const draft = await api<SignatureRequest>('POST', '/v3/signature-requests', auth, {
          title: `Contract ${r}`,
          quality: 'aes',
          documents: [{ title: `contract-${r}`, content: pdf }],
          signatures: visitors.map((email, s) => ({
            signer_identity_data: { email_address: email, first_name: 'Vera', last_name: `R${r}S${s}` },
          })),
        });
        expect(draft.status).toBe(201);
        expect((await api('POST', `/v3/signature-requests/${draft.body.id}/initiate`, auth)).status).toBe(
          200,
        );
        created.push({ id: draft.body.id, visitors });
      }

      // Each visitor's link from their invitation, then all sign at once across the three processes.
      const signers = created.flatMap(({ id, visitors }) => visitors.map((email) => ({ id, email })));
      const links = await until('every invitation', () => {
        const found = signers.map(({ id, email }) => {
          const match = new RegExp(`/view/${id}/([0-9a-f-]{36})#([\\w-]+)`).exec(mailsTo(email).join('\n'));
          return match ? basicFor(match[1]!, match[2]!) : null;
        });
        return found.every(Boolean) ? (found as Array<{ authorization: string }>) : null;
      });
      const outcomes = await Promise.all(
        signers.map(async ({ id }, index) => {
          // Signers of one request are serialised; a 409 while another holds the request is retryable.
          const deadline = Date.now() + 90_000;
          for (;;) {
            const signed = await api('POST', '/v3/direct/sign', links[index]!, {
              signatureRequests: [{ id }],
            });
            if (signed.status === 200) return 200;
            if (signed.status !== 409 || Date.now() > deadline)
              return `${signed.status} ${JSON.stringify(signed.body)}`;
            await new Promise((resolve) => setTimeout(resolve, 250 + Math.random() * 500));
          }
        }),
      );
      expect(outcomes).toEqual(signers.map(() => 200));
      expect(Math.min(...cluster.served)).toBeGreaterThan(0);

      // Completion runs in jobs (mails, final timestamp) on whichever process claims them.
      const pending = new pg.Client({ connectionString: database.url });
      await pending.connect();
      try {
        await until('every job done', async () => {
          const { rows } = await pending.query<{ due: number; failed: number }>(
            `select count(*) filter (where done_at is null and failed_at is null and run_at <= now())::int as due,
                    count(*) filter (where failed_at is not null or last_error is not null)::int as failed from jobs`,
          );
          expect(rows[0]!.failed).toBe(0);
          return rows[0]!.due === 0 ? true : null;
        });
      } finally {
        await pending.end();
      }

      for (const [index, { id, visitors }] of created.entries()) {
        const request = await api<SignatureRequest>('GET', `/v3/signature-requests/${id}`, auth);
        expect(request.body.status_overall).toBe('SIGNED');
        expect(request.body.completed_at).not.toBeNull();
        expect(request.body.signed_count).toBe(signersPerRequest);
        const downloaded = await api<Uint8Array>(
          'GET',
          `/v3/documents/${request.body.documents[0]!.id}/download?signed=true`,
          auth,
        );
        expect(downloaded.status).toBe(200);
        const { signatures } = await validators.pdfsig(downloaded.body);
        // Each signer's signature exactly once (by the name in its certificate), all valid, and the
        // document timestamp of completion (pdfsig does not verify RFC 3161 document timestamps).
        const personal = signatures.filter((entry) => entry.text.includes('ETSI.CAdES.detached'));
        visitors.forEach((_, s) => {
          const theirs = personal.filter((entry) => new RegExp(`Vera R${index}S${s}\\b`).test(entry.text));
          expect(theirs, `signer ${s} of request ${index}`).toHaveLength(1);
        });
        expect(personal).toHaveLength(signersPerRequest);
        expect(
          personal.every((entry) => entry.valid && entry.trusted),
          personal.map((e) => e.text).join('\n'),
        ).toBe(true);
        expect(
          signatures
            .map((entry) => entry.fieldName)
            .filter((name) => !personal.some((p) => p.fieldName === name)),
        ).toEqual(['Signet-Archive-Timestamp-1']);
        for (const email of visitors)
          expect(mailsTo(email).filter((text) => text.includes(`/view/${id}/`))).toHaveLength(1);
      }

      // No mail twice: every recipient got each subject once (titles differ per request).
      const sent = smtp.received.flatMap((mail) => mail.to.map((to) => `${to} ${subjectOf(mail.raw)}`));
      expect(sent.length).toBeGreaterThan(requests * signersPerRequest);
      expect(sent.filter((key, index) => sent.indexOf(key) !== index)).toEqual([]);
    }, 240_000);
  },
);
