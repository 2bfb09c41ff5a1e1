import { z } from 'zod';
import { newAccountFields, OneTimeToken } from './accounts.ts';
import { BusinessName, Email, Phone } from './common.ts';

/**
 * POST /v1/business-signup (the /business/signup pages): everything a new person and their
 * business need, given before the address is confirmed. Nothing is created until the mailed link
 * is followed; the business takes the person's address as its contact address.
 */
export const BusinessSignupBody = z.strictObject({
  email: Email,
  ...newAccountFields,
  business: z.strictObject({
    name: BusinessName,
    phone: Phone.optional(),
    /** The data processing agreement, optional at signup as at /business/register. */
    dpa: z.boolean().optional(),
  }),
});

/** POST /v1/business-signup/confirm: the token of the mailed link. */
export const ConfirmBusinessSignupBody = z.strictObject({ token: OneTimeToken });
