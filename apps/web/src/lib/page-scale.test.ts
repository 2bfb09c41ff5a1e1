import { describe, expect, it } from 'vitest';
import { editingScales, imageScale, pixelsPerPoint, readingScales } from './page-scale.ts';

const a4 = { width: 595.28, height: 841.89 };
const banner = { width: 2834.65, height: 283.46 };

describe('screen pixels per PDF point', () => {
  it.each([
    [a4, 595.28, 1],
    [a4, 297.64, 0.5],
    [a4, 1190.56, 2],
    [a4, 358, 358 / 595.28],
    [banner, 900, 900 / 2834.65],
  ])('a page %o shown %d px wide has %d px per pt', (page, width, expected) => {
    expect(pixelsPerPoint(page, width)).toBeCloseTo(expected, 10);
  });
});

describe('page image scale', () => {
  it('asks for page images sharp enough for the screen, in steps of 25, within the API range', () => {
    expect(imageScale(1, 1, editingScales)).toBe(100);
    expect(imageScale(1, 2, editingScales)).toBe(200);
    expect(imageScale(0.6, 1, editingScales)).toBe(75);
    expect(imageScale(0.01, 1, editingScales)).toBe(25);
    expect(imageScale(5, 2, editingScales)).toBe(400);
  });

  it('asks for as many pixels as the page is shown with, in steps of 50 within 100..300', () => {
    // A page 595 pt wide shown 595, 300, 870 and 2000 px wide, on plain and double-density screens.
    expect(imageScale(595 / 595, 1, readingScales)).toBe(100);
    expect(imageScale(300 / 595, 1, readingScales)).toBe(100);
    expect(imageScale(870 / 595, 1, readingScales)).toBe(150);
    expect(imageScale(870 / 595, 2, readingScales)).toBe(300);
    expect(imageScale(2000 / 595, 2, readingScales)).toBe(300);
  });
});
