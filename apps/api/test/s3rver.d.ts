// s3rver ships no types; this is the part of its API the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }
  /** An object as s3rver's store receives it on a PUT. */
  interface StoredObject {
    bucket: string;
    key: string;
    content: unknown;
    metadata: Record<string, string>;
  }
  /** s3rver's files-on-disk store: each object is some files named after its key. */
  interface FilesystemStore {
    getResourcePath(bucket: string, key: string, resource: string): string;
    putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    store: FilesystemStore;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
