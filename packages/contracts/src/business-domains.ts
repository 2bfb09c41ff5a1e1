import { z } from 'zod';
import { domainPattern } from './common.ts';
import { BusinessParams } from './businesses.ts';

/**
 * A domain a business claims (spec §3 Business domains, §5 domain pattern). Only a verified claim
 * counts: the admin publishes the TXT record below in the domain's DNS and asks Signet to look.
 */
export const BusinessDomain = z.object({
  /** Lower case, no trailing dot. */
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: z.iso.datetime().nullable(),
  /** When Signet last looked for the record (null: never yet). */
  checkedAt: z.iso.datetime().nullable(),
  /** The record to publish: a TXT record at `name` whose text is `value`. */
  txtRecord: z.object({ name: z.string(), value: z.string() }),
});
export type BusinessDomain = z.infer<typeof BusinessDomain>;

export const BusinessDomainList = z.object({ domains: z.array(BusinessDomain) });

/**
 * A host name (spec §5 domain pattern, without the bracketed IPv4 form: an address has no DNS
 * records to prove ownership with). Compared in lower case, a trailing dot dropped.
 */
export const DomainName = z
  .string()
  .trim()
  .max(253)
  .transform((value) => value.toLowerCase().replace(/\.$/, ''))
  .refine((value) => domainPattern.test(value) && !value.startsWith('['), {
    message: 'Give a host name such as example.com (letters, digits and hyphens, a dot, a 2+ letter ending)',
  });

export const AddDomainBody = z.strictObject({ domain: DomainName });

export const DomainParams = BusinessParams.extend({ domain: DomainName });

/**
 * A business that has verified the domain of the caller's e-mail address, offered to the caller
 * while they belong to no business: they may join it as a member.
 */
export const DomainOffer = z.object({
  businessId: z.string(),
  name: z.string(),
  domain: z.string(),
});
export type DomainOffer = z.infer<typeof DomainOffer>;
