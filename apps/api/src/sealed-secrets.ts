import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets Signet must use again (webhook signing secrets, single sign-on client secrets) are kept
 * encrypted, not hashed: AES-256-GCM under a key derived (HKDF) from an installation secret that
 * never enters the database, one key per purpose. Whoever reads a copy of the database alone cannot
 * use them. Stored as `v1.<nonce>.<tag>.<ciphertext>`, base64url.
 */
export class SecretSealer {
  private readonly key: Buffer;

  /** `purpose` separates the keys of different uses of the same installation secret. */
  constructor(installationSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', installationSecret, 'signet', purpose, 32));
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The secret again; throws when the text was changed or sealed under another key. */
  open(text: string): string {
    const [version, nonce, tag, sealed] = text.split('.');
    if (version !== 'v1' || !nonce || !tag || !sealed) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
