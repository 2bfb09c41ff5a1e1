import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { imageDefaults, imageMeta, imageSrcSet, imageUrl, type ImageModifiers } from './image-sources.ts';

export interface ImageProps extends Omit<ImageModifiers, 'width' | 'height'> {
  /** A local name (`error-404.svg`; without extension `/img/{name}.webp`) or a path below /img/. */
  src: string;
  /** The displayed size in CSS pixels; the variants are drawn at it times each density. */
  width: number;
  height: number;
  /** What it shows, for screen readers; '' for a decorative picture (then it is skipped). */
  alt: string;
  densities?: readonly number[];
  sx?: SxProps<Theme>;
}

/**
 * One of the site's pictures through the image endpoint (spec §7/§8/§9): a srcset of densities 1
 * and 2, WebP unless told otherwise, loaded lazily, with the blurred 10 × 10 placeholder in its
 * place until it has loaded. It never grows past its width and keeps its ratio when narrower.
 */
export function Image({ src, width, height, alt, densities, sx, ...modifiers }: ImageProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const sized = { ...modifiers, width, height };
  const srcSet = imageSrcSet(src, sized, densities);
  const placeholder = imageUrl(src, { format: modifiers.format }, { preset: 'placeholder' });
  const fill = { display: 'block', width: '100%', height: '100%' } as const;
  return (
    <Box
      sx={[
        {
          position: 'relative',
          width: '100%',
          maxWidth: width,
          aspectRatio: `${width} / ${height}`,
          overflow: 'hidden',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {state !== 'loaded' && (
        <Box
          component="img"
          src={placeholder}
          alt=""
          aria-hidden="true"
          data-image-placeholder=""
          sx={{
            ...fill,
            position: 'absolute',
            inset: 0,
            filter: `blur(${imageDefaults.placeholderBlurPx}px)`,
          }}
        />
      )}
      {state !== 'failed' && (
        <Box
          component="img"
          src={imageUrl(src, sized)}
          srcSet={srcSet}
          width={width}
          height={height}
          alt={alt}
          loading="lazy"
          decoding="async"
          onLoad={(event) => {
            imageMeta(event.currentTarget, src);
            setState('loaded');
          }}
          onError={() => {
            imageMeta(null, src);
            setState('failed');
          }}
          sx={{
            ...fill,
            position: 'relative',
            opacity: state === 'loaded' ? 1 : 0,
            transition: 'opacity 200ms',
          }}
        />
      )}
    </Box>
  );
}
