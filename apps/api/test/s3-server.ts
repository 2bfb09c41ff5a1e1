import { mkdtempSync, rmSync } from 'node:fs';
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
