// Imported before mupdf in the engine worker: with a module object of ours, mupdf's WASM runtime
// publishes its heap on it, which lets the worker report how far its memory has grown.
const holder = globalThis as { $libmupdf_wasm_Module?: object };
holder.$libmupdf_wasm_Module ??= {};
export {};
