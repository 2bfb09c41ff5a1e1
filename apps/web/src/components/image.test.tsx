import { fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Image } from './image.tsx';
import { imageMeta, imageSource, imageSrcSet, imageUrl } from './image-sources.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('image addresses (spec §7/§9)', () => {
  it('resolves local names without an extension to /img/{name}.webp', () => {
    expect(imageSource('empty-drafts')).toBe('/img/empty-drafts.webp');
    expect(imageSource('error-404.svg')).toBe('/img/error-404.svg');
    expect(imageSource('/img/a/b.png')).toBe('/img/a/b.png');
  });

  it('asks the endpoint for WebP unless told otherwise, with every modifier', () => {
    expect(imageUrl('error-404.svg', { width: 407, height: 436 })).toBe(
      '/.netlify/images?url=%2Fimg%2Ferror-404.svg&w=407&h=436&fm=webp',
    );
    expect(imageUrl('x.svg', { format: 'avif', quality: 60, fit: 'contain', position: 'top' })).toBe(
      '/.netlify/images?url=%2Fimg%2Fx.svg&fm=avif&q=60&fit=contain&position=top',
    );
  });

  it('follows the endpoint path the server names', () => {
    window.__SIGNET_CONFIG__ = { imagesPath: '/pictures' };
    try {
      expect(imageUrl('x.svg')).toMatch(/^\/pictures\?/);
    } finally {
      delete window.__SIGNET_CONFIG__;
    }
  });

  it('has a 10 × 10 placeholder preset at quality 50', () => {
    expect(imageUrl('x.svg', {}, { preset: 'placeholder' })).toBe(
      '/.netlify/images?url=%2Fimg%2Fx.svg&w=10&h=10&fm=webp&q=50&fit=fill',
    );
  });

  it('lists densities 1 and 2 by default, each at that multiple of the size', () => {
    expect(imageSrcSet('x.svg', { width: 100, height: 50 })).toBe(
      '/.netlify/images?url=%2Fimg%2Fx.svg&w=100&h=50&fm=webp 1x, /.netlify/images?url=%2Fimg%2Fx.svg&w=200&h=100&fm=webp 2x',
    );
    expect(imageSrcSet('x.svg', { width: 100 }, [3])).toBe(
      '/.netlify/images?url=%2Fimg%2Fx.svg&w=300&fm=webp 3x',
    );
  });

  it('raises errors for an unknown provider or preset, no densities and a source that is no string (§8)', () => {
    expect(() => imageUrl('x.svg', {}, { provider: 'cloudinary' })).toThrow(
      'Unknown image provider: cloudinary',
    );
    expect(() => imageUrl('x.svg', {}, { preset: 'hero' })).toThrow('Unknown image preset: hero');
    expect(() => imageSrcSet('x.svg', { width: 1 }, [])).toThrow('densities must not be empty');
    expect(() => imageUrl(42)).toThrow(TypeError);
    expect(() => imageSource(undefined)).toThrow('must be a string');
  });

  it('logs a meta failure with width, height and ratio 0 (§8)', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(imageMeta({ naturalWidth: 814, naturalHeight: 872 }, 'a.svg')).toEqual({
      width: 814,
      height: 872,
      ratio: 814 / 872,
    });
    expect(log).not.toHaveBeenCalled();
    expect(imageMeta(null, 'a.svg')).toEqual({ width: 0, height: 0, ratio: 0 });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('a.svg'), { width: 0, height: 0, ratio: 0 });
  });
});

describe('<Image>', () => {
  const picture = () => render(<Image src="error-404.svg" width={407} height={436} alt="A torn page" />);

  it('loads lazily with both densities, the placeholder shown until it has loaded', () => {
    const { container, getByAltText } = picture();
    const image = getByAltText('A torn page');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('srcset')).toContain('w=814&h=872&fm=webp 2x');
    const placeholder = container.querySelector('[data-image-placeholder]')!;
    expect(placeholder.getAttribute('src')).toContain('w=10&h=10&fm=webp&q=50');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    Object.defineProperty(image, 'naturalWidth', { value: 407 });
    Object.defineProperty(image, 'naturalHeight', { value: 436 });
    fireEvent.load(image);
    expect(container.querySelector('[data-image-placeholder]')).toBeNull();
  });

  it('logs a picture that fails and keeps the placeholder in its place', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container, getByAltText } = picture();
    fireEvent.error(getByAltText('A torn page'));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('error-404.svg'), {
      width: 0,
      height: 0,
      ratio: 0,
    });
    expect(container.querySelector('img[alt="A torn page"]')).toBeNull();
    expect(container.querySelector('[data-image-placeholder]')).not.toBeNull();
  });
});
