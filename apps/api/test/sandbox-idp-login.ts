/**
 * Goes through the sandbox ID Austria's login over HTTP as a browser would: follows the
 * authorization URL to the login page, logs in as `person` (or cancels), and follows the provider's
 * redirects until it sends the browser back to Signet. Returns the query Signet's page receives.
 */
export function loginAtIdAustria(
  authorizationUrl: string,
  person: { givenName: string; familyName: string; birthDate: string } | 'cancel',
): Promise<Record<string, string>> {
  return loginAtSandboxProvider(authorizationUrl, person);
}

/**
 * The same at any of the sandbox's OpenID Connect providers (ID Austria, the company directory):
 * `person` is what its login form asks.
 */
export async function loginAtSandboxProvider(
  authorizationUrl: string,
  person: Record<string, string> | 'cancel',
): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const get = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  let response = await get(authorizationUrl);
  let url = authorizationUrl;
  // Authorization endpoint → login page.
  while (response.status >= 300 && response.status < 400) {
    url = new URL(response.headers.get('location')!, url).href;
    if (url.includes('/login/')) break;
    response = await get(url);
  }
  if (!url.includes('/login/')) throw new Error(`no login page: ${response.status} ${await response.text()}`);
  const page = await get(url);
  if (page.status !== 200) throw new Error(`login page: ${page.status} ${await page.text()}`);
  const form =
    person === 'cancel'
      ? new URLSearchParams({ action: 'cancel' })
      : new URLSearchParams({ action: 'login', ...person });
  response = await get(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  // Login → resumed authorization → Signet's page with the code (or the error).
  for (let hops = 0; hops < 5; hops++) {
    if (response.status < 300 || response.status >= 400)
      throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
    const next = new URL(response.headers.get('location')!, url);
    if (!next.pathname.startsWith('/sandbox/')) return Object.fromEntries(next.searchParams);
    url = next.href;
    response = await get(url);
  }
  throw new Error('the provider never sent the browser back');
}
