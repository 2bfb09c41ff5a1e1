import type { MobileIdState } from '@signet/contracts/mobile-id';
import {
  toE164,
  type MobileIdRegistration,
  type RemoteSigningClient,
} from '../../adapters/remote-signing.ts';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { signerKeyOf, viaTrustService } from './signing-context.ts';

// Mobile ID: an account user's phone registered at the QTSP as their second factor. The QTSP keeps
// the registration (it asks the phone to approve it, and later each qualified signing); Signet only
// relays, under the same userID its QES credentials are enrolled for.

export interface MobileIdDeps {
  qtsp: RemoteSigningClient;
}

/** What the QTSP accepts: + and a country code, 7 to 15 digits (ITU-T E.164). */
const e164 = /^\+[1-9]\d{6,14}$/;

/** The number as the profile page shows it: country code and last two digits, the rest hidden. */
function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}${'*'.repeat(Math.max(0, mobile.length - 5))}${mobile.slice(-2)}`;
}

const stateOf = (registration: MobileIdRegistration | null): MobileIdState =>
  registration
    ? {
        status: registration.status === 'REGISTERED' ? 'registered' : 'pending',
        mobile: maskMobile(registration.mobile),
        registeredAt: registration.registeredAt ?? null,
      }
    : { status: 'none', mobile: null, registeredAt: null };

export async function getMobileId(deps: MobileIdDeps, caller: Caller): Promise<MobileIdState> {
  return stateOf(await viaTrustService(deps.qtsp.mobileId(signerKeyOf(caller))));
}

/** Registers or replaces the phone; it stays pending until approved on the phone. */
export async function registerMobileId(
  deps: MobileIdDeps,
  caller: Caller,
  mobile: string,
): Promise<MobileIdState> {
  const international = toE164(mobile);
  if (!e164.test(international))
    throw new AppError(
      'VALIDATION_FAILED',
      'Enter the mobile number with its country code, e.g. +41 79 123 45 67.',
      // Named as the schema's own check names it, so the page marks the same field either way.
      { field: 'body.mobile' },
    );
  return stateOf(await viaTrustService(deps.qtsp.registerMobileId(signerKeyOf(caller), international)));
}

export async function removeMobileId(deps: MobileIdDeps, caller: Caller): Promise<void> {
  if (!(await viaTrustService(deps.qtsp.removeMobileId(signerKeyOf(caller)))))
    throw new AppError('NOT_FOUND', 'No Mobile ID is registered.');
}
