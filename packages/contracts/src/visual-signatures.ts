import { z } from 'zod';
import { Quality, VisualSignaturePermissions } from './accounts.ts';
import { Legislation } from './common.ts';

/**
 * Visual signatures (spec §3, §7): how a person's stamp looks in the signature box. A person keeps
 * several (work, private ...) and marks one as default; signing draws the default one.
 */

/** Spec §9: the stamp's language, "en" by default (two letters, as the preview parameter `lang`). */
export const VisualSignatureLanguage = z.enum(['en', 'de', 'fr', 'it']);
export type VisualSignatureLanguage = z.infer<typeof VisualSignatureLanguage>;
export const defaultVisualSignatureLanguage: VisualSignatureLanguage = 'en';

/** The trust services a stamp can name; Signet signs through its sandbox QTSP only so far. */
export const SignatureProvider = z.enum(['sandbox']);
export type SignatureProvider = z.infer<typeof SignatureProvider>;

/** Custom image upload limits: at most 2 MB, and drawn at most 1500 px on its longer side. */
export const maxSignatureImageBytes = 2 * 1024 * 1024;
export const maxSignatureImageSide = 1500;
/** A person keeps at most this many visual signatures. */
export const maxVisualSignatures = 20;
/** The preview's box: the default signature field, 300 × 140 points (spec §9). */
export const previewBox = { width: 300, height: 140 } as const;

/**
 * Text the stamp's font can draw: Latin-1, Latin Extended-A and the usual typographic marks (no
 * control characters). Anything else would print as "?", so it is refused with the field named.
 */
const stampText =
  /^[\u0020-\u007E\u00A0-\u017F\u2013\u2014\u2018\u2019\u201A\u201C\u201D\u201E\u2022\u2026\u20AC]*$/;
const StampLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(stampText, 'Use Latin letters, digits and punctuation only: other characters cannot be drawn');

/** What a person outside a business may do: change every switch; all are on until changed. */
export const defaultVisualSignaturePermissions: z.infer<typeof VisualSignaturePermissions> = {
  claim: { canUpdate: true, defaultValue: true },
  date: { canUpdate: true, defaultValue: true },
  std: { canUpdate: true, defaultValue: true },
};

/** The fields a person chooses. */
const VisualSignatureFields = z.strictObject({
  /** The person's own label for it ("Work", "Private"). */
  alias: StampLine(50).min(1),
  /** The name drawn largest. */
  name: StampLine(100).min(1),
  /** Spec: optionalLine (company), drawn under the name. */
  optionalLine: StampLine(100).nullable(),
  location: StampLine(100).nullable(),
  language: VisualSignatureLanguage,
  /** The quality and legislation the preview shows; a real signature states its own. */
  quality: Quality,
  legislation: Legislation,
  provider: SignatureProvider,
  displayClaim: z.boolean(),
  displayStandards: z.boolean(),
  displayQr: z.boolean(),
  displayDate: z.boolean(),
});

/**
 * POST /v1/user/visual-signatures. Left-out switches take the permission's default value; a switch
 * the person may not change must be left out or sent as its default (else 403
 * VISUAL_SIGNATURE_SETTING_LOCKED names it).
 */
export const CreateVisualSignatureBody = VisualSignatureFields.extend({
  optionalLine: VisualSignatureFields.shape.optionalLine.default(null),
  location: VisualSignatureFields.shape.location.default(null),
  language: VisualSignatureLanguage.default(defaultVisualSignatureLanguage),
  quality: Quality.default('ses'),
  legislation: Legislation.default('zertes'),
  provider: SignatureProvider.default('sandbox'),
  displayClaim: z.boolean().optional(),
  displayStandards: z.boolean().optional(),
  displayQr: z.boolean().default(true),
  displayDate: z.boolean().optional(),
});
export type CreateVisualSignatureBody = z.input<typeof CreateVisualSignatureBody>;
/** PUT /v1/user/visual-signatures/{id}: any of the fields; what is left out stays. */
export const UpdateVisualSignatureBody = VisualSignatureFields.partial();
export type UpdateVisualSignatureBody = z.input<typeof UpdateVisualSignatureBody>;

/** Spec §3 Visual signature. */
export const VisualSignature = z.object({
  id: z.string(),
  alias: z.string(),
  name: z.string(),
  optionalLine: z.string().nullable(),
  location: z.string().nullable(),
  language: VisualSignatureLanguage,
  quality: Quality,
  legislation: Legislation,
  provider: SignatureProvider,
  hasCustomImage: z.boolean(),
  displayClaim: z.boolean(),
  displayStandards: z.boolean(),
  displayQr: z.boolean(),
  displayDate: z.boolean(),
  /**
   * Spec §9 image placeholder: the preview at 10 × 10 px, blurred, as a data: URL the client shows
   * while the full preview loads.
   */
  placeholder: z.string(),
  /** The preview picture's path below /api (changes whenever the signature does). */
  image: z.string(),
  default: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VisualSignature = z.infer<typeof VisualSignature>;
export const VisualSignatureList = z.object({
  visualSignatures: z.array(VisualSignature),
  /** What the caller may change (also in GET /v1/user). */
  permissions: VisualSignaturePermissions,
});
export type VisualSignatureList = z.infer<typeof VisualSignatureList>;

/** A suggestion made from the person's account: saved as their own with the create call. */
export const PredefinedVisualSignature = VisualSignatureFields.extend({
  /** Which suggestion this is (stable, for the client's keys). */
  key: z.string(),
});
export type PredefinedVisualSignature = z.infer<typeof PredefinedVisualSignature>;
export const PredefinedVisualSignatureList = z.object({
  visualSignatures: z.array(PredefinedVisualSignature),
});

export const VisualSignatureIdParams = z.strictObject({ id: z.uuid() });

/** A query switch: true/false or 1/0, as a link carries it. */
const Switch = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Preview picture options. `ph`: the 10 × 10 blurred placeholder (spec §9) instead of the full picture. */
export const PreviewImageQuery = z.strictObject({
  /** The version in a visual signature's `image` path; it only tells versions apart. */
  v: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  scale: z.coerce.number().int().min(50).max(400).default(200),
  format: z.enum(['png', 'webp']).default('png'),
  ph: Switch.default(false),
});

/**
 * GET /v1/images/signature: a preview from the shortened parameters of spec §3 (opt = optional line,
 * lang, loc = location, qual, leg, prov, claim, std = standards, date, ph = placeholder), for the
 * editor's live preview. Signet adds `name` (else the caller's own name), `qr`, and `img`: one of
 * the caller's visual signatures whose custom image to draw. Out-of-range values are refused with
 * 400 naming the parameter.
 */
export const PreviewParamsQuery = PreviewImageQuery.extend({
  name: StampLine(100).min(1).optional(),
  opt: StampLine(100).optional(),
  lang: VisualSignatureLanguage.default(defaultVisualSignatureLanguage),
  loc: StampLine(100).optional(),
  qual: Quality.default('ses'),
  leg: Legislation.default('zertes'),
  prov: SignatureProvider.default('sandbox'),
  claim: Switch.default(true),
  std: Switch.default(true),
  date: Switch.default(true),
  qr: Switch.default(true),
  img: z.uuid().optional(),
});
