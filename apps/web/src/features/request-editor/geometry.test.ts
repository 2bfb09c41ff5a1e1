import { describe, expect, it } from 'vitest';
import { pixelsPerPoint } from '../../lib/page-scale.ts';
import {
  boxAfterKey,
  clampBox,
  defaultBox,
  keyboardStep,
  moveBox,
  resizeBox,
  toPixels,
  toPoints,
} from './geometry.ts';

const a4 = { width: 595.28, height: 841.89 };
/** A box at (x, y) in points, of the default 300 × 140 unless told. */
const boxAt = (x: number, y: number, width = 300, height = 140) => ({ x, y, width, height });

describe('screen pixels ↔ PDF points', () => {
  it.each([0.25, 0.5, 0.6014, 1, 1.5, 2, 3.75])('round-trips a box at scale %d', (scale) => {
    const box = boxAt(72.5, 600.25);
    const px = toPixels(box, scale);
    expect(px).toEqual(boxAt(72.5 * scale, 600.25 * scale, 300 * scale, 140 * scale));
    const back = toPoints(px, scale);
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(back[key]).toBeCloseTo(box[key], 2);
  });

  it('converts what was measured on screen (px) into points', () => {
    // An A4 page shown 390 px wide on a phone: a box 100 px from the left edge is 152.64 pt from it.
    const scale = pixelsPerPoint(a4, 390);
    expect(toPoints(boxAt(100, 200, 196.5462, 91.7216), scale)).toEqual(boxAt(152.64, 305.27));
  });
});

describe('boxes stay on the page', () => {
  it('places the default 300 × 140 box (spec §9), kept on the page', () => {
    expect(defaultBox(a4, { x: 36, y: 665.89 })).toEqual(boxAt(36, 665.89));
    expect(defaultBox(a4, { x: 500, y: 800 })).toEqual(boxAt(295.28, 701.89));
    // A page smaller than the default box: the box shrinks to the page.
    expect(defaultBox({ width: 200, height: 100 })).toEqual(boxAt(0, 0, 200, 100));
  });

  it('clamps position and size', () => {
    expect(clampBox(boxAt(-10, -5), a4)).toEqual(boxAt(0, 0));
    expect(clampBox(boxAt(10, 10, 5, 2), a4)).toMatchObject({ width: 20, height: 10 });
    expect(clampBox(boxAt(10, 10, 9000, 9000), a4)).toEqual(boxAt(0, 0, 595.28, 841.89));
  });

  it('drags by a distance, stopping at the edges without changing size', () => {
    const box = boxAt(100, 100);
    expect(moveBox(box, 50.5, -20, a4)).toEqual(boxAt(150.5, 80));
    expect(moveBox(box, 10_000, 10_000, a4)).toEqual(boxAt(295.28, 701.89));
    expect(moveBox(box, -10_000, -10_000, a4)).toEqual(boxAt(0, 0));
  });

  it('resizes from the bottom-right corner: minimum size, and not past the page', () => {
    const box = boxAt(400, 700, 150, 100);
    expect(resizeBox(box, 20, 10, a4)).toEqual(boxAt(400, 700, 170, 110));
    expect(resizeBox(box, 1000, 1000, a4)).toEqual(boxAt(400, 700, 195.28, 141.89));
    expect(resizeBox(box, -1000, -1000, a4)).toEqual(boxAt(400, 700, 20, 10));
  });

  it('moves with the arrow keys and resizes with shift + arrow keys', () => {
    const box = boxAt(100, 100);
    expect(boxAfterKey(box, 'ArrowRight', false, a4)).toEqual({ ...box, x: 100 + keyboardStep });
    expect(boxAfterKey(box, 'ArrowLeft', false, a4)).toEqual({ ...box, x: 100 - keyboardStep });
    expect(boxAfterKey(box, 'ArrowUp', false, a4)).toEqual({ ...box, y: 100 - keyboardStep });
    expect(boxAfterKey(box, 'ArrowDown', false, a4)).toEqual({ ...box, y: 100 + keyboardStep });
    expect(boxAfterKey(box, 'ArrowRight', true, a4)).toEqual({ ...box, width: 300 + keyboardStep });
    expect(boxAfterKey(box, 'ArrowUp', true, a4)).toEqual({ ...box, height: 140 - keyboardStep });
    expect(boxAfterKey({ ...box, x: 2 }, 'ArrowLeft', false, a4)).toEqual({ ...box, x: 0 });
    expect(boxAfterKey(box, 'Enter', false, a4)).toBeNull();
  });
});
