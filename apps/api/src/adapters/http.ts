/** One way for adapters to call a provider over HTTP: a time limit, and failures as ProviderError. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number | null,
    message: string,
    /** The provider's error body, when it sent JSON (CSC errors carry codes like TAN_INVALID). */
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export async function callProvider(
  provider: string,
  url: string,
  init: RequestInit & { timeoutMs?: number },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 20_000) });
  } catch (error) {
    throw new ProviderError(provider, null, `${provider} unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
    throw new ProviderError(
      provider,
      response.status,
      `${provider} answered ${response.status}: ${text.slice(0, 200)}`,
      body,
    );
  }
  return response;
}

export async function binaryBody(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}
