import { readConfig } from '../lib/config.ts';

// The addresses of the site's pictures on its image transformation endpoint (spec §7, §8, §9).

type ImageFormat = 'webp' | 'avif' | 'png' | 'jpeg';

export interface ImageModifiers {
  width?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
  fit?: 'cover' | 'contain' | 'fill' | 'inside' | 'outside';
  position?: 'center' | 'top' | 'right' | 'bottom' | 'left';
}

/** Where a provider's variants come from; Signet has one, its own endpoint. */
const providers: Record<string, () => string> = {
  signet: () => readConfig().imagesPath,
};

/** Named modifier sets; `placeholder` is what shows, blurred, while the picture loads (§9: 10×10, q 50). */
const presets: Record<string, ImageModifiers> = {
  placeholder: { width: 10, height: 10, quality: 50, fit: 'fill' },
};

/** §9: densities 1 and 2, WebP by default; the placeholder is blurred by 3 px. */
export const imageDefaults = { densities: [1, 2], format: 'webp', placeholderBlurPx: 3 } as const;

/** A local name without an extension is a WebP below /img/ (§7); one with an extension, that file. */
export function imageSource(src: unknown): string {
  if (typeof src !== 'string') throw new TypeError(`Image source must be a string, got ${typeof src}.`);
  if (src.startsWith('/')) return src;
  return /\.\w+$/.test(src) ? `/img/${src}` : `/img/${src}.webp`;
}

/** The endpoint's address of one variant of `src`. */
export function imageUrl(
  src: unknown,
  modifiers: ImageModifiers = {},
  options: { provider?: string; preset?: string } = {},
): string {
  const path = providers[options.provider ?? 'signet'];
  if (!path) throw new Error(`Unknown image provider: ${options.provider}.`);
  const preset = options.preset === undefined ? {} : presets[options.preset];
  if (!preset) throw new Error(`Unknown image preset: ${options.preset}.`);
  // An absent modifier leaves the preset's or the default value in place.
  const given = Object.fromEntries(Object.entries(modifiers).filter(([, value]) => value !== undefined));
  const merged: ImageModifiers & { format: ImageFormat } = {
    format: imageDefaults.format,
    ...preset,
    ...given,
  };
  const query = new URLSearchParams({ url: imageSource(src) });
  if (merged.width !== undefined) query.set('w', String(Math.round(merged.width)));
  if (merged.height !== undefined) query.set('h', String(Math.round(merged.height)));
  query.set('fm', merged.format);
  if (merged.quality !== undefined) query.set('q', String(merged.quality));
  if (merged.fit) query.set('fit', merged.fit);
  if (merged.position) query.set('position', merged.position);
  return `${path()}?${query.toString()}`;
}

/** One variant per density, each at that multiple of the displayed size (`… 1x, … 2x`). */
export function imageSrcSet(
  src: unknown,
  modifiers: ImageModifiers,
  densities: readonly number[] = imageDefaults.densities,
): string {
  if (densities.length === 0) throw new Error('Image densities must not be empty.');
  return densities
    .map((density) => {
      const scaled = {
        ...modifiers,
        ...(modifiers.width !== undefined ? { width: modifiers.width * density } : {}),
        ...(modifiers.height !== undefined ? { height: modifiers.height * density } : {}),
      };
      return `${imageUrl(src, scaled)} ${density}x`;
    })
    .join(', ');
}

export interface ImageMeta {
  width: number;
  height: number;
  ratio: number;
}

/**
 * The size of a loaded picture; for one that failed (or has no size), the failure is logged and
 * the meta is all zeros (§8), so layouts that divide by the ratio can tell.
 */
export function imageMeta(
  image: { naturalWidth: number; naturalHeight: number } | null,
  src: string,
): ImageMeta {
  const width = image?.naturalWidth ?? 0;
  const height = image?.naturalHeight ?? 0;
  if (width > 0 && height > 0) return { width, height, ratio: width / height };
  const failed = { width: 0, height: 0, ratio: 0 };
  console.error(`Image: could not read the size of ${src}`, failed);
  return failed;
}
