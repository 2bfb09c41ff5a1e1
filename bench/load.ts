// Many processes under load: three Signet processes on one PostgreSQL and one bucket behind a
// round-robin proxy, SIGNERS visitors (200) signing in parallel for DURATION_S (300 s); then every
// signed PDF is checked with pdfsig. The baseline, measured in the same run through the same proxy:
// the health route's requests per second.
// Run: DATABASE_URL=postgres://… node --import tsx bench/load.ts — replaces "## Load: three processes".
import { loadavg } from 'node:os';
import { createValidatorWorkspace } from '../packages/pdf/test/helpers/external-validators';
import { basicFor, createTestDatabase, samplePdf, strongPassword } from '../apps/api/test/helpers';
import { startS3 } from '../apps/api/test/s3-server';
import { startSmtp, type TestSmtp } from '../apps/api/test/smtp-server';
import { callApi as call, startSignetCluster } from '../apps/api/test/signet-cluster';
import { machineLines, median, writeResultsSection } from './results-section';

const signers = Number(process.env.SIGNERS ?? 200);
const durationMs = Number(process.env.DURATION_S ?? 300) * 1000;
if (!process.env.DATABASE_URL)
  throw new Error('bench/load.ts needs DATABASE_URL: three processes share one PostgreSQL');

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? NaN;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The mails by recipient, indexed as they arrive: 200 visitors polling for their invitation would
 * otherwise rescan every mail received so far ten times a second, and the scanning (in this process,
 * on the same two cores) would slow the servers being measured.
 */
function mailIndex(smtp: TestSmtp) {
  const byRecipient = new Map<string, string[]>();
  let indexed = 0;
  return async (to: string, pattern: RegExp, waitMs = 300_000): Promise<RegExpExecArray> => {
    for (const deadline = Date.now() + waitMs; Date.now() < deadline; await pause(100)) {
      for (; indexed < smtp.received.length; indexed++) {
        const mail = smtp.received[indexed]!;
        const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        for (const address of mail.to) {
          const mails = byRecipient.get(address);
          if (mails) mails.push(text);
          else byRecipient.set(address, [text]);
        }
      }
      for (const text of byRecipient.get(to) ?? []) {
        const match = pattern.exec(text);
        if (match) return match;
      }
    }
    throw new Error(`no mail to ${to} within ${waitMs / 1000} s`);
  };
}

async function main() {
  const [database, s3, smtp] = await Promise.all([createTestDatabase('postgres'), startS3(), startSmtp()]);
  const cluster = await startSignetCluster(3, {
    DATABASE_URL: database.url!,
    SMTP_URL: smtp.url,
    MAIL_LIMIT_PER_ADDRESS: '1000000',
    ...s3.env,
  });
  const base = cluster.url;
  try {
    // Baseline: the health route through the proxy, 32 callers for 5 s.
    let healthCount = 0;
    const healthEnd = Date.now() + 5_000;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (Date.now() < healthEnd) if ((await fetch(`${base}/api/health`)).ok) healthCount += 1;
      }),
    );
    const healthPerSecond = healthCount / 5;

    const owner = 'load-owner@bench.example.ch';
    await call(base, 'POST', '/v1/request-confirmation', {}, { email: owner, lang: 'en-gb' });
    const token = (await mailIndex(smtp)(owner, /\/signup\/confirm\?token=([\w-]+)/))[1]!;
    const registered = await call<{ value: string }>(
      base,
      'POST',
      '/v1/register',
      {},
      {
        token,
        firstName: 'Load',
        lastName: 'Owner',
        password: strongPassword,
        gtc: true,
      },
    );
    const auth = { authorization: `Bearer ${registered.body.value}` };
    const content = samplePdf.toString('base64');

    const latencies: number[] = [];
    /** Failures by step and answer, with the first answer of each kind as the example. */
    const errors = new Map<string, { count: number; example: string }>();
    const fail = (kind: string, example: string) => {
      const seen = errors.get(kind) ?? { count: 0, example };
      errors.set(kind, { ...seen, count: seen.count + 1 });
      return undefined;
    };
    const signed: string[] = [];
    let retried409 = 0;
    const mailTo = mailIndex(smtp);

    /** One visitor's turn: create, send, sign (409s retried). Any other answer is counted as an error. */
    async function oneSignature(worker: number, round: number): Promise<void> {
      const email = `signer-${worker}-${round}@bench.example.ch`;
      const draft = await call<{ id: string }>(base, 'POST', '/v3/signature-requests', auth, {
        title: `Load ${worker}/${round}`,
        quality: 'aes',
        documents: [{ title: 'load', content }],
        signatures: [
          { signer_identity_data: { email_address: email, first_name: 'Lea', last_name: 'Load' } },
        ],
      });
      if (draft.status !== 201) return fail(`create ${draft.status}`, JSON.stringify(draft.body));
      const id = draft.body.id;
      const sent = await call(base, 'POST', `/v3/signature-requests/${id}/initiate`, auth);
      if (sent.status !== 200) return fail(`initiate ${sent.status}`, JSON.stringify(sent.body));
      const link = await mailTo(email, new RegExp(`/view/${id}/([0-9a-f-]{36})#([\\w-]+)`));
      const t = performance.now();
      for (;;) {
        const answer = await call(base, 'POST', '/v3/direct/sign', basicFor(link[1]!, link[2]!), {
          signatureRequests: [{ id }],
        });
        if (answer.status === 409) {
          retried409 += 1;
          await pause(200);
          continue;
        }
        if (answer.status !== 200) return fail(`sign ${answer.status}`, JSON.stringify(answer.body));
        latencies.push(performance.now() - t);
        signed.push(id);
        return;
      }
    }

    const started = Date.now();
    const progress = setInterval(() => {
      const failed = [...errors.values()].reduce((sum, e) => sum + e.count, 0);
      console.error(
        `${((Date.now() - started) / 1000).toFixed(0)} s: ${signed.length} signed, ${failed} errors, load ${loadavg()[0]!.toFixed(1)}`,
      );
    }, 30_000);
    let inFlight = 0;
    const visitors = Promise.all(
      Array.from({ length: signers }, async (_, worker) => {
        for (let round = 0; Date.now() - started < durationMs; round++) {
          inFlight += 1;
          // A call that gets no answer (timeout, reset) or a mail that never comes is an error too.
          await oneSignature(worker, round)
            .catch((error: unknown) =>
              fail(
                'no answer',
                error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error),
              ),
            )
            .finally(() => (inFlight -= 1));
        }
      }),
    );
    // Turns begun before the end may finish for up to DRAIN_S more (counted, over the longer time);
    // what is still under way then is reported as unfinished, neither signed nor an error.
    const drainMs = Number(process.env.DRAIN_S ?? 180) * 1000;
    await Promise.race([visitors, pause(durationMs + drainMs - (Date.now() - started))]);
    const unfinished = inFlight;
    clearInterval(progress);
    const minutes = (Date.now() - started) / 60_000;
    const loadAtEnd = loadavg()[0]!;

    // Every signed PDF through pdfsig afterwards.
    const validators = await createValidatorWorkspace(
      await (await fetch(`${base}/api/v1/trust-list.pem`)).text(),
    );
    let valid = 0;
    for (const id of signed) {
      const request = await call<{ documents: Array<{ id: string }> }>(
        base,
        'GET',
        `/v3/signature-requests/${id}`,
        auth,
      );
      const pdf = await call<Uint8Array>(
        base,
        'GET',
        `/v3/documents/${request.body.documents[0]!.id}/download?signed=true`,
        auth,
      );
      const { signatures } = await validators.pdfsig(pdf.body);
      // The signer's CAdES signature; pdfsig does not verify the RFC 3161 document timestamp of completion.
      const personal = signatures.filter((entry) => entry.text.includes('ETSI.CAdES.detached'));
      if (personal.length === 1 && personal.every((entry) => entry.valid)) valid += 1;
    }
    await validators.dispose();

    const section = [
      '## Load: three processes',
      '',
      ...machineLines(),
      `Three Signet processes (\`node --import tsx apps/api/src/server.ts\`) on one PostgreSQL and one s3rver bucket`,
      `behind a round-robin proxy; ${signers} visitors in parallel for ${(durationMs / 1000).toFixed(0)} s, each creating, sending and signing`,
      '1-page AES (B-LT) requests in turn. Load average during the signing: ' + loadAtEnd.toFixed(1) + '.',
      '',
      '| figure | value |',
      '| --- | --- |',
      `| baseline: health route through the proxy | ${healthPerSecond.toFixed(0)} requests/s |`,
      `| signatures per minute | ${(signed.length / minutes).toFixed(1)} |`,
      `| sign latency p50 / p99 (retries of 409 included) | ${median(latencies).toFixed(0)} ms / ${percentile(latencies, 0.99).toFixed(0)} ms |`,
      `| retryable 409 answers | ${retried409} |`,
      `| turns unfinished ${drainMs / 1000} s after the end (neither signed nor failed) | ${unfinished} |`,
      `| errors other than 409 | ${[...errors.values()].reduce((sum, e) => sum + e.count, 0)} |`,
      ...[...errors].map(
        ([kind, e]) => `| — ${kind} | ${e.count} (first: ${e.example.replace(/\|/g, '\\|')}) |`,
      ),
      `| signed PDFs valid in pdfsig | ${valid} of ${signed.length} |`,
      `| requests each process answered | ${cluster.served.join(' / ')} |`,
      '',
    ].join('\n');
    console.log(await writeResultsSection('## Load: three processes', section));
  } finally {
    await cluster.close();
    await Promise.all([s3.close(), smtp.close()]);
    await database.close();
  }
}

await main();
process.exit(0);
