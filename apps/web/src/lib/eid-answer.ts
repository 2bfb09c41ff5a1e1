import type { EidCallbackBody } from '@signet/contracts/eid';

let kept: { path: string; answer: EidCallbackBody } | null = null;

/**
 * The answer an eID provider (ID Austria) sent the browser back with: `state` with `code`, or with
 * `error`. Taken out of the address bar and the history entry at once: the code and the state are
 * the login's secrets and do not belong in bookmarks, shared links or a later reload.
 */
export function takeEidAnswer(): EidCallbackBody | null {
  const params = new URLSearchParams(window.location.search);
  const state = params.get('state');
  const code = params.get('code');
  const error = params.get('error');
  const iss = params.get('iss');
  // A page mounted again (its layout settling) finds the address bar clean: the answer is kept.
  if (!state || (!code && !error)) return kept?.path === window.location.pathname ? kept.answer : null;
  const description = params.get('error_description');
  for (const name of ['state', 'code', 'error', 'error_description', 'iss', 'session_state'])
    params.delete(name);
  const rest = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${rest ? `?${rest}` : ''}`,
  );
  const issuer = iss ? { iss } : {};
  const answer: EidCallbackBody = code
    ? { state, code, ...issuer }
    : { state, error: error!, ...issuer, ...(description ? { error_description: description } : {}) };
  kept = { path: window.location.pathname, answer };
  return answer;
}
