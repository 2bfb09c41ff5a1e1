import assert from 'node:assert/strict';
import { api } from './support.ts';

/** Logs in through the API (for test setup through the API) and returns the session token. */
export async function loginToken(email: string, password: string): Promise<string> {
  const login = await api<{ value: string }>('/v1/login', { method: 'POST', body: { email, password } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return login.body.value;
}
