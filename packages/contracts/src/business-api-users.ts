import { z } from 'zod';
import { BusinessParams } from './businesses.ts';

/**
 * An API user's name (spec §7 Business apis): `api-` and then 3 to 40 lower-case letters, digits
 * or hyphens. Basic credentials name the API user by it alone, so it is unique across businesses;
 * the `api-` prefix keeps it apart from a visitor link's user id (a UUID) in the same header.
 */
export const apiUsernamePattern = /^api-[a-z0-9][a-z0-9-]{2,39}$/;

export const ApiUsername = z.string().trim().toLowerCase().regex(apiUsernamePattern, {
  message: 'Start with api- and follow with 3 to 40 lower-case letters, digits or hyphens',
});

/** An API user as the admins see it: never its secret. */
export const ApiUser = z.object({
  username: z.string(),
  description: z.string(),
  createdAt: z.iso.datetime(),
  /** When it last authenticated (null: never yet). */
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiUser = z.infer<typeof ApiUser>;

export const ApiUserList = z.object({ apiUsers: z.array(ApiUser) });

/** The answer of create and reset: the only time the secret is shown. */
export const ApiUserWithSecret = ApiUser.extend({
  /** Shown once; Signet keeps only its argon2id hash. Use it as the Basic password. */
  secret: z.string(),
});
export type ApiUserWithSecret = z.infer<typeof ApiUserWithSecret>;

const Description = z.string().trim().max(200, 'At most 200 characters');

export const CreateApiUserBody = z.strictObject({
  username: ApiUsername,
  description: Description.default(''),
});
export const UpdateApiUserBody = z.strictObject({ description: Description });

export const ApiUserParams = BusinessParams.extend({ username: ApiUsername });
