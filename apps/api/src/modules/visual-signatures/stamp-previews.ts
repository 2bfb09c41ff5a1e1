import sharp from 'sharp';
import { renderAppearancePreview, type ImageFormat } from '@signet/pdf';
import { previewBox } from '@signet/contracts/visual-signatures';
import type { Quality } from '@signet/contracts/accounts';
import type { Legislation } from '@signet/contracts/common';
import type { SignatureProvider } from '@signet/contracts/visual-signatures';
import { stampData, validationLink, type StampLook } from './stamp.ts';

// Preview pictures: the engine draws the stamp alone, through the same renderer signing uses.

/**
 * The QR code of a preview points at a stand-in request of the same length as a real link, so the
 * code has the size and place it will have in the PDF (only its pattern differs).
 */
/** The previews' QR code leads where a real one would, for a document no one has. */
const sampleSha256 = '0'.repeat(64);

/** What a preview states: the quality, legislation and provider the person chose to preview. */
export interface PreviewFacts {
  quality: Quality;
  legislation: Legislation;
  provider: SignatureProvider;
  time: Date;
  publicUrl: string;
}

export interface PreviewPicture {
  bytes: Uint8Array;
  contentType: string;
}

/** Spec §9 image placeholder: 10 × 10 px, quality 50, blur 3 (webp). */
async function placeholderPicture(full: Uint8Array): Promise<Uint8Array> {
  return sharp(full).resize(10, 10, { fit: 'fill' }).blur(3).webp({ quality: 50 }).toBuffer();
}

export async function renderPreview(
  look: StampLook,
  facts: PreviewFacts,
  options: { scale: number; format: ImageFormat; ph: boolean },
): Promise<PreviewPicture> {
  const data = stampData(look, { ...facts, qrUrl: validationLink(facts.publicUrl, sampleSha256) });
  const full = await renderAppearancePreview(previewBox, data, {
    scale: options.ph ? 50 : options.scale,
    format: options.ph ? 'png' : options.format,
  });
  if (options.ph) return { bytes: await placeholderPicture(full), contentType: 'image/webp' };
  return { bytes: full, contentType: `image/${options.format}` };
}

/** The placeholder as a data: URL, kept with the visual signature for its list entry. */
export async function placeholderDataUrl(look: StampLook, facts: PreviewFacts): Promise<string> {
  const picture = await renderPreview(look, facts, { scale: 50, format: 'png', ph: true });
  return `data:image/webp;base64,${Buffer.from(picture.bytes).toString('base64')}`;
}
