// Helpers for the web's unit tests (jsdom).

/** A JSON answer as the API client reads it (jsdom's Response is not the browser's). */
export const jsonResponse = (body: unknown, status = 200) =>
  ({
    ok: status < 300,
    status,
    statusText: '',
    headers: new Headers({ 'content-type': 'application/json' }),
    json: () => Promise.resolve(body),
    // The client reads an error answer as text (a proxy's page may not be JSON).
    text: () => Promise.resolve(JSON.stringify(body)),
  }) as unknown as Response;
