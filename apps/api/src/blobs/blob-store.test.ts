import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3-server.ts';
import type { BlobStore } from './blob-store.ts';
import { FileBlobStore } from './file-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));
const collect = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

/** The one contract both stores keep; each implementation runs it unchanged. */
function blobStoreContract(name: string, open: () => { store: BlobStore; spool: string }) {
  describe(`${name} blob store`, () => {
    let store: BlobStore;
    let spool: string;
    beforeAll(() => ({ store, spool } = open()));

    it('names a blob by its SHA-256 and gives the same bytes back, whole or streamed', async () => {
      const bytes = Buffer.from('%PDF-1.7 contract test\n');
      const stored = await store.put(bytes);
      expect(stored).toEqual({ sha256: sha(bytes), size: bytes.length });
      expect(await store.read(stored.sha256)).toEqual(bytes);
      expect(await collect(store.stream(stored.sha256))).toEqual(bytes);
      expect(await store.size(stored.sha256)).toBe(bytes.length);
      // Storing the same bytes again is harmless: same name, same content.
      expect(await store.put(bytes)).toEqual(stored);
    });

    it('stores a stream under the hash of all its chunks', async () => {
      const stored = await store.putStream(
        chunks('first ', 'second ', 'third'),
        1024,
        () => new Error('limit'),
      );
      expect(stored.sha256).toBe(sha(Buffer.from('first second third')));
      expect((await store.read(stored.sha256)).toString()).toBe('first second third');
      expect(readdirSync(spool)).toEqual([]);
    });

    it("stops a stream past the limit with the caller's error and keeps nothing", async () => {
      const tooBig = chunks('a'.repeat(600), 'b'.repeat(600));
      await expect(store.putStream(tooBig, 1000, () => new Error('over the limit'))).rejects.toThrow(
        'over the limit',
      );
      await expect(store.read(sha(Buffer.from('a'.repeat(600) + 'b'.repeat(600))))).rejects.toThrow();
      expect(readdirSync(spool)).toEqual([]);
    });

    it('forgets a removed blob; its stream fails instead of ending empty', async () => {
      const stored = await store.put(Buffer.from('to be removed'));
      await store.remove(stored.sha256);
      await expect(store.read(stored.sha256)).rejects.toThrow();
      await expect(collect(store.stream(stored.sha256))).rejects.toThrow();
      await store.remove(stored.sha256);
    });

    it('never shows a reader part of a blob while the same bytes are stored again', async () => {
      // Content addressing: many people uploading one document write one name at the same time,
      // while the requests created before are read. A reader gets the whole blob, as on S3.
      const bytes = randomBytes(512 * 1024);
      const stored = await store.put(bytes);
      for (let round = 0; round < 8; round++) {
        const [, , whole, streamed, size] = await Promise.all([
          store.put(bytes),
          store.putStream(Readable.from([bytes]), bytes.length, () => new Error('limit')),
          store.read(stored.sha256),
          collect(store.stream(stored.sha256)),
          store.size(stored.sha256),
        ]);
        expect([sha(whole), sha(streamed), size], `round ${round}`).toEqual([
          stored.sha256,
          stored.sha256,
          bytes.length,
        ]);
      }
    });

    it('refuses a name that is not a SHA-256 (no path or key outside the store)', async () => {
      await expect(store.read('../secrets/audit-mac-key')).rejects.toThrow('not a SHA-256');
    });

    it('passes its readiness check', async () => {
      await expect(store.check()).resolves.toBeUndefined();
    });
  });
}

const root = mkdtempSync(join(tmpdir(), 'signet-blobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

blobStoreContract('file', () => ({
  store: new FileBlobStore(join(root, 'files')),
  spool: join(root, 'files', 'tmp'),
}));

describe('against an S3-compatible server', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.close());

  blobStoreContract('S3', () => ({
    store: new S3BlobStore(s3.settings, join(root, 's3-spool')),
    spool: join(root, 's3-spool'),
  }));

  // s3rver checks the access key but not SigV4 signatures; a wrong secret passes there (not on S3).
  it('fails its readiness check for a bucket that does not exist, and with an access key it does not know', async () => {
    const missing = new S3BlobStore({ ...s3.settings, bucket: 'no-such-bucket' }, join(root, 's3-spool'));
    await expect(missing.check()).rejects.toThrow();
    const forged = new S3BlobStore({ ...s3.settings, accessKeyId: 'NOT-A-KEY' }, join(root, 's3-spool'));
    await expect(forged.check()).rejects.toThrow();
  });
});
