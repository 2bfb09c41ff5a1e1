import { defaultPageScale } from '@signet/contracts/documents';

/** A displayed page's size in points (GET /v3/documents/{id} `pages[]`). */
export interface PageSize {
  width: number;
  height: number;
}

/** Screen pixels per point for a page shown `displayedWidthPx` wide. */
export function pixelsPerPoint(page: PageSize, displayedWidthPx: number): number {
  return displayedWidthPx / page.width;
}

/** The page image scales a view asks the API for (its `scale`: 100 = 1 px per pt). */
export interface ScaleSteps {
  min: number;
  max: number;
  /** Scales are rounded up to a step, so that small layout changes reuse the cached image. */
  step: number;
}

/** The request editor: sharp at every size, from a phone's overview to a wide screen, in fine steps. */
export const editingScales: ScaleSteps = { min: 25, max: 400, step: 25 };

/** Reading a request: never below the default render, in coarser steps so that widths share renders. */
export const readingScales: ScaleSteps = { min: defaultPageScale, max: 300, step: 50 };

/** The page image scale that is sharp at this size on this screen. */
export function imageScale(pointsToPixels: number, devicePixelRatio: number, steps: ScaleSteps): number {
  const wanted = pointsToPixels * devicePixelRatio * 100;
  return Math.min(steps.max, Math.max(steps.min, Math.ceil(wanted / steps.step) * steps.step));
}
