/** Spec §3 direct-sign credentials: the signer's user id and the request id, kept for this tab. */
export interface DirectSignCredentials {
  username: string;
  password: string;
}

const storageKey = 'signet.direct-sign';

export function storeDirectSignCredentials(credentials: DirectSignCredentials): void {
  sessionStorage.setItem(storageKey, JSON.stringify(credentials));
}

export function hasDirectSignCredentials(): boolean {
  return sessionStorage.getItem(storageKey) !== null;
}
