import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/blobs/s3-blob-store.ts';

export interface TestS3 {
  settings: S3Settings;
  /** The same as environment variables, for Signet processes started by a test. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * s3rver rewrites an object's files in place (truncate, then write): a GET during a PUT of the same
 * key reads part of the object, or has its connection cut ("aborted"). S3 replaces an object whole,
 * and Signet relies on that: its keys are content hashes, so everyone uploading one document PUTs one
 * key at once (bench/load.ts) while the requests created before are read. Here a PUT writes the
 * object's files under a private key first and then renames them into place, each whole.
 */
function putObjectsWhole(server: S3rver): void {
  const store = server.store;
  const putObject = store.putObject.bind(store);
  store.putObject = async (object) => {
    const privateKey = `${object.key}.put-${randomBytes(8).toString('hex')}`;
    const stored = await putObject({ ...object, key: privateKey });
    // The object last: until it is renamed, a reader finds the previous version (or none) whole.
    for (const resource of ['object.md5', 'metadata.json', 'object'])
      await rename(
        store.getResourcePath(object.bucket, privateKey, resource),
        store.getResourcePath(object.bucket, object.key, resource),
      );
    return stored;
  };
}

/** An S3-compatible server (s3rver, signed requests checked) on a free loopback port, with one bucket. */
export async function startS3(bucket = 'signet-blobs'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'signet-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  putObjectsWhole(server);
  const { port } = await server.run();
  // s3rver's fixed credentials; requests signed with others are refused.
  const settings = {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    settings,
    env: {
      S3_URL: settings.url,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_REGION: settings.region,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
