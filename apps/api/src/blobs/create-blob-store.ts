import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { FileBlobStore } from './file-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

/** The installation's blob store: an S3-compatible bucket when configured, else files under the data folder. */
export function createBlobStore(config: Pick<Config, 'dataDir' | 'blobStorage'>): BlobStore {
  const storage = config.blobStorage;
  if (storage.kind === 's3') return new S3BlobStore(storage, join(config.dataDir, 'tmp'));
  return new FileBlobStore(join(config.dataDir, 'blobs'));
}
