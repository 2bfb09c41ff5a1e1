/**
 * Spec §3 direct-sign credentials, kept for this tab: the signer's id (user id) and the secret of
 * their link (password). The secret arrives in the link's fragment, which browsers never send to a
 * server; it is taken out of the address bar at once and kept in session storage only.
 */
export interface DirectSignCredentials {
  signerId: string;
  requestId: string;
  secret: string;
}

const storageKey = 'signet.direct-sign';

function stored(): DirectSignCredentials | null {
  try {
    const value = JSON.parse(
      sessionStorage.getItem(storageKey) ?? 'null',
    ) as Partial<DirectSignCredentials> | null;
    return value && typeof value.signerId === 'string' && typeof value.secret === 'string'
      ? { signerId: value.signerId, requestId: String(value.requestId), secret: value.secret }
      : null;
  } catch {
    return null;
  }
}

/**
 * The credentials for the direct link /view/{requestId}/{signerId} open in this tab: the link's
 * fragment when it has one (stored, then removed from the address bar and the history entry),
 * else what this tab stored for the same signer. Null when neither: the link is not valid here.
 */
export function takeDirectSignCredentials(requestId: string, signerId: string): DirectSignCredentials | null {
  const fragment = window.location.hash.slice(1);
  if (fragment) {
    const credentials = { signerId, requestId, secret: fragment };
    sessionStorage.setItem(storageKey, JSON.stringify(credentials));
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    return credentials;
  }
  const kept = stored();
  return kept?.signerId === signerId && kept.requestId === requestId ? kept : null;
}

export function hasDirectSignCredentials(): boolean {
  return stored() !== null;
}

/** The visitor credentials this tab keeps, whatever their request: for the identification pages and the pages a provider returns to. */
export function keptDirectSignCredentials(): DirectSignCredentials | null {
  return stored();
}
