/**
 * POSTs JSON to the Signet API under `base` (the server's origin) as the web app does, with an
 * optional bearer token. A non-2xx answer throws with its body: a bench run must not measure errors.
 */
export async function postJson(
  base: string,
  path: string,
  body: unknown,
  bearer?: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? {} : await response.json()) as Record<string, unknown>;
}
