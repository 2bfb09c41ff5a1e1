import type * as mupdf from 'mupdf';

/**
 * Copies a mupdf buffer out of WASM memory and frees it: mupdf hands out views into its heap,
 * which the next allocation may move, so nothing may keep such a view.
 */
export function takeBuffer(buffer: mupdf.Buffer): Uint8Array {
  try {
    return buffer.asUint8Array().slice();
  } finally {
    buffer.destroy();
  }
}
