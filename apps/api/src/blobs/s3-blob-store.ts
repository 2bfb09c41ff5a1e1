import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { keyOf, type BlobStore } from './blob-store.ts';
import { spoolHashed } from './spool.ts';

export interface S3Settings {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Blobs as objects in an S3-compatible bucket, keyed like the file store's paths. An object appears
 * whole or not at all (S3's PutObject is atomic), which is what the file store's rename gives.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  /** `spoolDir`: local room for uploads while they are hashed (their key is their SHA-256). */
  constructor(
    settings: S3Settings,
    private readonly spoolDir: string,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.url,
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Path-style works with every S3-compatible server (MinIO, Garage, Ceph) without DNS per bucket.
      forcePathStyle: true,
      // Checksums only where S3 requires them: many compatible servers refuse the SDK's default
      // aws-chunked uploads with trailing CRC32s. Content addressing checks the bytes already.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(bytes: Uint8Array): Promise<{ sha256: string; size: number }> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: keyOf(sha256),
        Body: bytes,
        ContentLength: bytes.byteLength,
      }),
    );
    return { sha256, size: bytes.byteLength };
  }

  async putStream(
    source: Readable,
    maxBytes: number,
    onLimit: () => Error,
  ): Promise<{ sha256: string; size: number }> {
    const spooled = await spoolHashed(source, this.spoolDir, maxBytes, onLimit);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: keyOf(spooled.sha256),
          Body: createReadStream(spooled.path),
          ContentLength: spooled.size,
        }),
      );
    } finally {
      await rm(spooled.path, { force: true });
    }
    return { sha256: spooled.sha256, size: spooled.size };
  }

  async read(sha256: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: keyOf(sha256) }));
    if (!object.Body) throw new Error(`blob ${sha256} has no body`);
    return Buffer.from(await object.Body.transformToByteArray());
  }

  stream(sha256: string): Readable {
    // The callers hand the stream on synchronously (as with a file); the object's bytes follow.
    const out = new PassThrough();
    this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: keyOf(sha256) }))
      .then((object) => {
        if (!(object.Body instanceof Readable)) throw new Error(`blob ${sha256} has no body`);
        object.Body.on('error', (error) => out.destroy(error)).pipe(out);
      })
      .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    return out;
  }

  async size(sha256: string): Promise<number> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: keyOf(sha256) }));
    return head.ContentLength ?? 0;
  }

  async remove(sha256: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: keyOf(sha256) }));
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
