import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { FileBlobStore } from './file-blob-store.ts';

/**
 * The installation's blob store: an S3-compatible bucket when configured, else files under the data
 * folder. The S3 client is loaded only when a bucket is configured: the AWS SDK is large, and on load
 * it warns about Node.js versions, which a file-store start need not pay for or print.
 */
export async function createBlobStore(config: Pick<Config, 'dataDir' | 'blobStorage'>): Promise<BlobStore> {
  const storage = config.blobStorage;
  if (storage.kind === 's3') {
    const { S3BlobStore } = await import('./s3-blob-store.ts');
    return new S3BlobStore(storage, join(config.dataDir, 'tmp'));
  }
  return new FileBlobStore(join(config.dataDir, 'blobs'));
}
