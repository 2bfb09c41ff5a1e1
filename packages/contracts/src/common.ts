import { z } from 'zod';

/** Languages of the product (spec §5). Italian is offered only in direct sign, but accepted everywhere. */
export const languages = ['en-gb', 'de-ch', 'fr-ch', 'it'] as const;
export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;
export const defaultLanguage: Language = 'en-gb';

/** Spec §5: optional leading +, then at least 6 characters of digits, spaces or hyphens. */
export const phonePattern = /^\+?[\d -]{6,}$/;
export const Phone = z.string().max(32).regex(phonePattern, 'Invalid format');

/** Spec §5: host name with a dotted label and a 2+ letter ending, or a bracketed IPv4 address. */
export const domainPattern =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/i;

/** The two legislations a qualified signature is made under: eIDAS (EU) and ZertES (Switzerland). */
export const legislations = ['eidas', 'zertes'] as const;
export const Legislation = z.enum(legislations);
export type Legislation = z.infer<typeof Legislation>;

/** A business's name (spec §3 Business name). */
export const BusinessName = z.string().trim().min(1).max(100);

export const Email = z.email('Please enter a valid email').max(254).toLowerCase();

export const Empty = z.object({}).strict();

/** Who may call a route (ARCHITECTURE.md §4). Every route declares one. */
export const authPolicies = ['public', 'unauthenticated', 'user', 'member', 'admin', 'nas', 'api'] as const;
export type AuthPolicy = (typeof authPolicies)[number];

/** A person as an identity check vouched for them: an eID, or an identification with a document. */
export const VerifiedPerson = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** ISO date, YYYY-MM-DD. */
  birthDate: z.string(),
});
