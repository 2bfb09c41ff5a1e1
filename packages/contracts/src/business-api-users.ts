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
  /** The account it acts through: how a seal's member list (`user_ids`) names it. */
  userId: z.string(),
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

/** How long a bearer token from POST /v1/login lasts for an API user, in seconds. */
export const apiUserTokenLifetimeSeconds = 15 * 60;

/**
 * POST /v1/login with an API user's Basic credentials: a bearer token for the same calls (in the
 * form of OAuth 2.0's token answer, RFC 6749 §5.1), so that the secret need not travel with each.
 */
export const ApiUserTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds the token lasts (apiUserTokenLifetimeSeconds). */
  expires_in: z.number().int(),
  expiration: z.iso.datetime(),
});
export type ApiUserTokenResponse = z.infer<typeof ApiUserTokenResponse>;

const Description = z.string().trim().max(200, 'At most 200 characters');

export const CreateApiUserBody = z.strictObject({
  username: ApiUsername,
  description: Description.default(''),
});
export const UpdateApiUserBody = z.strictObject({ description: Description });

export const ApiUserParams = BusinessParams.extend({ username: ApiUsername });

/** A visitor as the quick start invites them: an address to replace with a real one. */
const visitor = '{"email_address": "vera@example.com", "first_name": "Vera", "last_name": "Visitor"}';

/**
 * The shell lines of the quick start on /business/developers/api, for this installation (the
 * page's origin) and an API user. The PDF goes in as base64 through printf (a shell builtin, so a
 * large file meets no argument limit) and a pipe; the secret stays a placeholder: the page never
 * shows it again. Described once: the page shows them, an API test runs them against a server.
 */
export function quickStartCommands(origin: string, username: string) {
  return {
    setup: `SIGNET='${origin}/api'\nAUTH='${username}:YOUR_SECRET'`,
    create:
      `printf '{"title": "Contract",\n` +
      `  "documents": [{"title": "contract", "content": "%s"}],\n` +
      `  "signatures": [{"signer_identity_data": ${visitor}}]}' \\\n` +
      `  "$(base64 -w0 contract.pdf)" \\\n` +
      `  | curl -sS -u "$AUTH" -H 'content-type: application/json' --data-binary @- \\\n` +
      `    "$SIGNET/v3/signature-requests"`,
    send: `curl -sS -u "$AUTH" -X POST "$SIGNET/v3/signature-requests/REQUEST_ID/initiate"`,
    list: `curl -sS -u "$AUTH" "$SIGNET/v3/signature-requests"`,
    // The exchange answers JSON without spaces; sed keeps the quick start free of a JSON tool.
    token:
      `TOKEN=$(curl -sS -u "$AUTH" -X POST "$SIGNET/v1/login" \\\n` +
      `  | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')\n` +
      `curl -sS -H "authorization: Bearer $TOKEN" "$SIGNET/v3/signature-requests"`,
    download: `curl -sS -u "$AUTH" -o signed.pdf "$SIGNET/v3/documents/DOCUMENT_ID/download"`,
  };
}
