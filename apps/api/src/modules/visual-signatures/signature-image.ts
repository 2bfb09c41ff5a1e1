import type { Readable } from 'node:stream';
import { maxSignatureImageBytes, maxSignatureImageSide } from '@signet/contracts/visual-signatures';
import {
  normalizeImage,
  readImageUpload as readUpload,
  type ImageRule,
} from '../../images/uploaded-image.ts';

// A person's custom signature image: a PNG or JPEG, re-encoded (images/uploaded-image.ts) so only
// pixels Signet produced reach a PDF.

const signatureImage: ImageRule = {
  field: 'image',
  maxBytes: maxSignatureImageBytes,
  maxSide: maxSignatureImageSide,
  formats: ['png', 'jpeg'],
  formatNames: 'PNG or JPEG',
};

/** The upload's bytes, at most 2 MB. */
export function readImageUpload(stream: Readable): Promise<Buffer> {
  return readUpload(stream, signatureImage);
}

/** A PNG of at most 1500 px on its longer side, upright, transparency kept. */
export async function normalizeSignatureImage(bytes: Buffer): Promise<Buffer> {
  return (await normalizeImage(bytes, signatureImage)).png;
}
