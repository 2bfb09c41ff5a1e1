import { runEngineTask } from '../document/worker-pool';
import { encodeRgb, type ImageFormat } from './encode-image';

export interface RenderOptions {
  /** 100 = 72 dpi (1 px per point); 200 = 144 dpi. Default 100. Reduced when a page hits the caps. */
  scale?: number;
  format?: ImageFormat;
  /** User password of an encrypted file not yet normalized. */
  password?: string;
}

export interface RenderedPage {
  page: number;
  width: number;
  height: number;
  /** The scale actually used (below the requested one for pages beyond the pixel caps). */
  scale: number;
  image: Uint8Array;
}

/** Renders one page (annotations and signature appearances included) to PNG or WebP. */
export async function renderPage(
  bytes: Uint8Array,
  pageNumber: number,
  options: RenderOptions = {},
): Promise<Uint8Array> {
  const [page] = await renderPages(bytes, [pageNumber], options);
  return (page as RenderedPage).image;
}

/** Renders several pages with one parse of the file (thumbnails, page lists). */
export async function renderPages(
  bytes: Uint8Array,
  pageNumbers: number[],
  { scale = 100, format = 'png', password }: RenderOptions = {},
): Promise<RenderedPage[]> {
  if (!(Number.isFinite(scale) && scale > 0 && scale <= 1600))
    throw new RangeError('scale must be in (0, 1600]');
  const rasters = await runEngineTask('rasterize', [bytes, pageNumbers, scale, password]);
  return Promise.all(
    rasters.map(async (r, i) => ({
      page: pageNumbers[i] as number,
      width: r.width,
      height: r.height,
      scale: r.scale,
      image: await encodeRgb(r, format),
    })),
  );
}
