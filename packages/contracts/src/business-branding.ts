import { z } from 'zod';
import { BusinessLogo } from './businesses.ts';
import { Email } from './common.ts';

/** The company logo upload: PNG, JPEG or WebP (never SVG), stored as a PNG of at most 512 px. */
export const maxLogoBytes = 2 * 1024 * 1024;
export const maxLogoSide = 512;

/**
 * GET /v2/businesses/{id}/public-information and its direct variant: what a person signing a
 * request of the business sees of it (spec: the visitor's page shows the name and logo).
 */
export const BusinessPublicInformation = z.object({
  id: z.string(),
  name: z.string(),
  logo: BusinessLogo.nullable(),
});
export type BusinessPublicInformation = z.infer<typeof BusinessPublicInformation>;

/** The logo's address: public (mail clients load it without a session), named by its content. */
export const LogoParams = z.strictObject({
  businessId: z.uuid(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Not a logo address'),
});

/**
 * Spec §3 aes4biz: the business's representative for advanced signatures in its name, its entry in
 * the commercial register, and its domains (the verified business domains, read only here).
 */
export const Aes4Biz = z.object({
  enabled: z.boolean(),
  representativeName: z.string().nullable(),
  representativeEmail: z.string().nullable(),
  commercialRegister: z.string().nullable(),
  domains: z.array(z.string()),
});
export type Aes4Biz = z.infer<typeof Aes4Biz>;

const OptionalText = (max: number) => z.string().trim().max(max).nullable();

/** PUT /v1/businesses/{id}/aes4biz: any of the fields; what is left out stays; null or "" clears. */
export const UpdateAes4BizBody = z
  .strictObject({
    enabled: z.boolean(),
    representativeName: OptionalText(100),
    representativeEmail: z.union([Email, z.literal('')]).nullable(),
    commercialRegister: OptionalText(100),
  })
  .partial();
export type UpdateAes4BizBody = z.infer<typeof UpdateAes4BizBody>;

/**
 * GET /v1/businesses/{id}/customextras: what the business has configured beyond a new business's
 * defaults, each as the setting's dotted path and its value (the /business/extras page lists them).
 */
export const CustomExtras = z.object({
  extras: z.array(
    z.object({
      setting: z.string(),
      value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    }),
  ),
});
export type CustomExtras = z.infer<typeof CustomExtras>;

/** One request automatic deletion removed (documents, attachments and page images). */
export const RetentionDeletion = z.object({
  requestId: z.string(),
  title: z.string(),
  status: z.string(),
  finishedAt: z.iso.datetime(),
  deletedAt: z.iso.datetime(),
  documentCount: z.number().int(),
  attachmentCount: z.number().int(),
});
export type RetentionDeletion = z.infer<typeof RetentionDeletion>;
/** GET /v1/businesses/{id}/retention-deletions: the latest 100, newest first. */
export const RetentionDeletionList = z.object({ deletions: z.array(RetentionDeletion) });
export type RetentionDeletionList = z.infer<typeof RetentionDeletionList>;
