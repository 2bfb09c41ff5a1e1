import { z } from 'zod';
import { Phone } from './common.ts';

/**
 * A phone registered as the QTSP's second factor (Mobile ID): QES signings are then approved on the
 * phone instead of with a code by SMS. `pending` until the registration is approved on the phone.
 */
export const MobileIdState = z.object({
  status: z.enum(['none', 'pending', 'registered']),
  /** The registered number, masked (`+41*******67`); null without a registration. */
  mobile: z.string().nullable(),
  /** When the phone approved the registration. */
  registeredAt: z.iso.datetime().nullable(),
});
export type MobileIdState = z.infer<typeof MobileIdState>;

/** The number to register (spec §5 phone format; it must also make a valid international number). */
export const MobileIdRegisterBody = z.strictObject({ mobile: Phone });
