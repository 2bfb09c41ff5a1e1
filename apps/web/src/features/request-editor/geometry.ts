import { defaultSignatureHeight, defaultSignatureWidth } from '@signet/contracts/signature-requests';
import type { PageSize } from '../../lib/page-scale.ts';

/**
 * Where a visual signature sits, as the API stores it (contracts `Position`): PDF points with the
 * origin at the top-left corner of the displayed page (after /Rotate and relative to the CropBox),
 * x to the right and y downwards — the same numbers as pixels on the page image at scale 100. The
 * signing engine turns exactly this rectangle into the widget's /Rect, so what the editor shows on
 * the page image is where the signature lands.
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The contract's limits on a box (Position): no smaller than this. */
const minBoxWidth = 20;
const minBoxHeight = 10;
/** Arrow keys move (and with shift resize) a box by this many points. */
export const keyboardStep = 5;

/** Points are kept to 1/100 pt: finer than any screen, and stable when sent back and forth. */
const round = (value: number) => Math.round(value * 100) / 100;

export function toPixels(box: Box, scale: number): Box {
  return { x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale };
}

export function toPoints(box: Box, scale: number): Box {
  return {
    x: round(box.x / scale),
    y: round(box.y / scale),
    width: round(box.width / scale),
    height: round(box.height / scale),
  };
}

/**
 * The box kept on the page: no larger than the page (and no smaller than the contract allows, as
 * far as the page permits), then moved inside it.
 */
export function clampBox(box: Box, page: PageSize): Box {
  const width = Math.min(Math.max(box.width, minBoxWidth), page.width);
  const height = Math.min(Math.max(box.height, minBoxHeight), page.height);
  const x = Math.min(Math.max(box.x, 0), page.width - width);
  const y = Math.min(Math.max(box.y, 0), page.height - height);
  return { x: round(x), y: round(y), width: round(width), height: round(height) };
}

/** A new box of the default size (spec §9: 300 × 140), at a point of the page, kept on it. */
export function defaultBox(page: PageSize, at: { x: number; y: number } = { x: 0, y: 0 }): Box {
  return clampBox({ ...at, width: defaultSignatureWidth, height: defaultSignatureHeight }, page);
}

/** Dragging by a distance in points: the size stays, the box stays on the page. */
export function moveBox(box: Box, dx: number, dy: number, page: PageSize): Box {
  const moved = clampBox({ ...box, x: box.x + dx, y: box.y + dy }, page);
  return { ...moved, width: box.width, height: box.height };
}

/** Resizing from the bottom-right corner: the top-left corner stays, the box ends at the page edge. */
export function resizeBox(box: Box, dw: number, dh: number, page: PageSize): Box {
  const width = Math.min(Math.max(box.width + dw, minBoxWidth), page.width - box.x);
  const height = Math.min(Math.max(box.height + dh, minBoxHeight), page.height - box.y);
  return { ...box, width: round(width), height: round(height) };
}

/** Arrow keys move the box; with shift they resize it. Other keys: null (not handled). */
export function boxAfterKey(
  box: Box,
  key: string,
  shift: boolean,
  page: PageSize,
  step = keyboardStep,
): Box | null {
  const delta: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const d = delta[key];
  if (!d) return null;
  return shift ? resizeBox(box, d[0], d[1], page) : moveBox(box, d[0], d[1], page);
}
