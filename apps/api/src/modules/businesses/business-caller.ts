import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { BusinessMembership, UserCaller } from '../../plugins/auth.ts';

// The businesses services' shared types, in their own file so that businesses.service.ts and
// business-invitations.service.ts (which call each other) do not import each other for them.

export interface BusinessesDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

/** A member or admin, as the auth plugin resolved them for a business route. */
export type BusinessCaller = UserCaller & BusinessMembership;
