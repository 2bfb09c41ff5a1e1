import { z } from 'zod';
import { passwordMaxLength } from './accounts.ts';
import { Email, Language, Phone, VerifiedPerson } from './common.ts';

/**
 * Logins with an electronic identity (spec §9: eIDAS identification by ID Austria; §2 eID signup):
 * the browser goes to the eID provider with a `state` Signet made, and comes back to a Signet page
 * with that state and a one-time code (or an error). The page hands both to the API, which redeems
 * the code once and reads the verified person from the provider's signed ID token.
 */

/** The eID providers Signet logs in with. */
export const EidProvider = z.enum(['id-austria']);
export type EidProvider = z.infer<typeof EidProvider>;

/** Where to send the browser: the provider's authorization URL for this login. */
export const EidLoginStart = z.object({ url: z.url() });

/** POST to start an identification: optionally for a signature request, to come back to it. */
export const StartEidIdentificationBody = z
  .strictObject({ signatureRequestId: z.uuid().optional() })
  .default({});

/** POST to start an eID signup: the language of the account to be. */
export const StartEidSignupBody = z.strictObject({ lang: Language.optional() }).default({});

const State = z.string().min(16).max(200);

/**
 * What the provider sent the browser back with: the state, and either the code or the OAuth error
 * (`access_denied` when the person cancelled); `iss` as RFC 9207 has the provider name itself.
 */
export const EidCallbackBody = z.union([
  z.strictObject({ state: State, code: z.string().min(1).max(500), iss: z.url().optional() }),
  z.strictObject({
    state: State,
    iss: z.url().optional(),
    error: z.string().min(1).max(100),
    error_description: z.string().max(500).optional(),
  }),
]);
export type EidCallbackBody = z.infer<typeof EidCallbackBody>;

/** The person the eID vouched for. */
export const EidPerson = VerifiedPerson;
export type EidPerson = z.infer<typeof EidPerson>;

/**
 * An identification by eID, stored as evidence for eIDAS: `qesAvailable` says whether the verified
 * name matches the caller's, so that eIDAS QES is now available.
 */
export const EidIdentification = z.object({
  provider: EidProvider,
  legislation: z.literal('eidas'),
  verified: EidPerson,
  qesAvailable: z.boolean(),
  /** The request the identification was made for; the page leads back to it. */
  signatureRequestId: z.string().nullable(),
});
export type EidIdentification = z.infer<typeof EidIdentification>;

/**
 * The account from an eID signup: the e-mail and password of the person whose names and birth date
 * the eID vouched for (the `state` of that login). The e-mail is confirmed from its inbox afterwards.
 */
export const EidRegisterBody = z.strictObject({
  state: State,
  email: Email,
  password: z.string().min(1).max(passwordMaxLength),
  gtc: z.literal(true, { error: 'You must accept the terms' }),
  lang: Language.optional(),
  mobile: Phone.optional(),
});

/** The account fields an eID vouches for: listed in the `immutable_eid_fields` attribute. */
export const eidVouchedFields = ['firstName', 'lastName'] as const;
