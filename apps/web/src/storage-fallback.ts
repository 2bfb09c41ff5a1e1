// Imported first by main.tsx, before any module reads web storage.
//
// A browser that blocks a framed page's storage (the signing page embedded in a business's portal,
// where third-party cookies and with them third-party storage are blocked) throws on every read of
// window.localStorage and sessionStorage. The page then keeps both in memory for its own life:
// the visitor can sign; nothing outlives the page, as nothing may there.

/** The Storage interface over a Map. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

for (const name of ['localStorage', 'sessionStorage'] as const) {
  try {
    void window[name];
  } catch {
    Object.defineProperty(window, name, { value: memoryStorage(), configurable: true });
  }
}
