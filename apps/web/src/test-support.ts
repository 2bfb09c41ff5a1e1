// Helpers for the web's unit tests (jsdom).

/** A JSON answer as the API client reads it (jsdom's Response is not the browser's). */
export const jsonResponse = (body: unknown, status = 200) =>
  ({
    ok: status < 300,
    status,
    statusText: '',
    headers: new Headers({ 'content-type': 'application/json' }),
    json: () => Promise.resolve(body),
    // Error answers are read as text (their body may be no JSON at all).
    text: () => Promise.resolve(JSON.stringify(body)),
  }) as unknown as Response;
