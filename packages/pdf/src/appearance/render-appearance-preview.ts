import { runEngineTask } from '../document/worker-pool';
import { encodeRgb, type ImageFormat } from '../render/encode-image';
import type { VisualSignatureData } from './visual-signature-data';

/** A picture of a visible signature as it will look in a field of `size` (points), for the web app. */
export async function renderAppearancePreview(
  size: { width: number; height: number },
  data: VisualSignatureData,
  { scale = 200, format = 'png' }: { scale?: number; format?: ImageFormat } = {},
): Promise<Uint8Array> {
  const raster = await runEngineTask('appearancePreview', [size, data, scale]);
  return encodeRgb(raster, format);
}
