import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickStartCommands, type ApiUserWithSecret } from '@signet/contracts/business-api-users';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { cast, useTestApp } from '../../../test/factories.ts';
import { databaseKinds, json, samplePdf, visitorLink } from '../../../test/helpers.ts';

const run = promisify(execFile);

/**
 * The quick start of /business/developers/api, run as the page shows it (its placeholders filled
 * in as its text says) with bash and curl against a started server: create a request for a PDF
 * with a visitor, send it, list it (with the Basic pair, then with a token), and, once the visitor signed, download the signed PDF.
 */
describe.each(databaseKinds)('the API quick start on %s', (kind) => {
  const t = useTestApp(kind, { listen: true, users: cast('admin') });
  let folder: string;
  let apiUser: ApiUserWithSecret;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'signet-quick-start-'));
    await writeFile(join(folder, 'contract.pdf'), samplePdf);
    const business = await t.business(t.users.admin);
    const created = await t.call('POST', `/v1/businesses/${business.id}/apis`, t.users.admin, {
      username: 'api-quickstart',
    });
    apiUser = json<ApiUserWithSecret>(created);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('creates, sends, lists (also with a token) and downloads with the curl lines of the page', async () => {
    const lines = quickStartCommands(t.config.publicUrl, apiUser.username);
    const setup = lines.setup.replace('YOUR_SECRET', apiUser.secret);
    const shell = async (command: string) =>
      (await run('bash', ['-c', `set -e -o pipefail\n${setup}\n${command}`], { cwd: folder })).stdout;

    const created = JSON.parse(await shell(lines.create)) as SignatureRequest;
    expect(created.status_overall).toBe('DRAFT');
    expect(created.signatures[0]?.email).toBe('vera@example.com');
    const sent = JSON.parse(await shell(lines.send.replace('REQUEST_ID', created.id))) as SignatureRequest;
    expect(sent.status_overall).toBe('OPEN');
    expect(await shell(lines.list)).toContain(created.id);
    // The same list with a token taken for the Basic pair.
    expect(await shell(lines.token)).toContain(created.id);

    await t.sign(created, await visitorLink(t, 'vera@example.com', created.id));
    await shell(lines.download.replace('DOCUMENT_ID', created.documents[0]!.id));
    const signed = await readFile(join(folder, 'signed.pdf'));
    expect(signed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(signed.length).toBeGreaterThan(samplePdf.length);
  });
});
