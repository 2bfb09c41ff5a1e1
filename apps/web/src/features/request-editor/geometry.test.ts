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

describe('screen pixels ↔ PDF points', () => {
  it.each([0.25, 0.5, 0.6014, 1, 1.5, 2, 3.75])('round-trips a box at scale %d', (scale) => {
    const box = { x: 72.5, y: 600.25, width: 300, height: 140 };
    const px = toPixels(box, scale);
    expect(px).toEqual({ x: 72.5 * scale, y: 600.25 * scale, width: 300 * scale, height: 140 * scale });
    const back = toPoints(px, scale);
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(back[key]).toBeCloseTo(box[key], 2);
  });

  it('converts what was measured on screen (px) into points', () => {
    // An A4 page shown 390 px wide on a phone: a box 100 px from the left edge is 152.64 pt from it.
    const scale = pixelsPerPoint(a4, 390);
    expect(toPoints({ x: 100, y: 200, width: 196.5462, height: 91.7216 }, scale)).toEqual({
      x: 152.64,
      y: 305.27,
      width: 300,
      height: 140,
    });
  });
});

describe('boxes stay on the page', () => {
  it('places the default 300 × 140 box (spec §9), kept on the page', () => {
    expect(defaultBox(a4, { x: 36, y: 665.89 })).toEqual({ x: 36, y: 665.89, width: 300, height: 140 });
    expect(defaultBox(a4, { x: 500, y: 800 })).toEqual({ x: 295.28, y: 701.89, width: 300, height: 140 });
    // A page smaller than the default box: the box shrinks to the page.
    expect(defaultBox({ width: 200, height: 100 })).toEqual({ x: 0, y: 0, width: 200, height: 100 });
  });

  it('clamps position and size', () => {
    expect(clampBox({ x: -10, y: -5, width: 300, height: 140 }, a4)).toEqual({
      x: 0,
      y: 0,
      width: 300,
      height: 140,
    });
    expect(clampBox({ x: 10, y: 10, width: 5, height: 2 }, a4)).toMatchObject({ width: 20, height: 10 });
    expect(clampBox({ x: 10, y: 10, width: 9000, height: 9000 }, a4)).toEqual({
      x: 0,
      y: 0,
      width: 595.28,
      height: 841.89,
    });
  });

  it('drags by a distance, stopping at the edges without changing size', () => {
    const box = { x: 100, y: 100, width: 300, height: 140 };
    expect(moveBox(box, 50.5, -20, a4)).toEqual({ x: 150.5, y: 80, width: 300, height: 140 });
    expect(moveBox(box, 10_000, 10_000, a4)).toEqual({ x: 295.28, y: 701.89, width: 300, height: 140 });
    expect(moveBox(box, -10_000, -10_000, a4)).toEqual({ x: 0, y: 0, width: 300, height: 140 });
  });

  it('resizes from the bottom-right corner: minimum size, and not past the page', () => {
    const box = { x: 400, y: 700, width: 150, height: 100 };
    expect(resizeBox(box, 20, 10, a4)).toEqual({ x: 400, y: 700, width: 170, height: 110 });
    expect(resizeBox(box, 1000, 1000, a4)).toEqual({ x: 400, y: 700, width: 195.28, height: 141.89 });
    expect(resizeBox(box, -1000, -1000, a4)).toEqual({ x: 400, y: 700, width: 20, height: 10 });
  });

  it('moves with the arrow keys and resizes with shift + arrow keys', () => {
    const box = { x: 100, y: 100, width: 300, height: 140 };
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
