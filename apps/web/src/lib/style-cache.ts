import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The style cache for MUI's Emotion styles. Its <style> elements carry the nonce the server put
 * into the entry page for this response (meta csp-nonce), which the Content-Security-Policy's
 * style-src admits; without one (the Vite dev server, tests) they carry none.
 */
export function createStyleCache(): EmotionCache {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return createCache({ key: 'css', nonce: meta?.nonce || undefined });
}
