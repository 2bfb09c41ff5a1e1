import { z } from 'zod';

// Seal data and image (spec §7 Seals). The seal itself (account name, display name, members) is
// described with the business in businesses.ts, which the business view embeds.

/** What a seal's certificate and stamp say besides its display name. */
export const SealData = z.object({
  /**
   * The organisation the seal's certificate names (its O) and its stamp's second line; null: the
   * business's name. Changing it gives the seal a new certificate at its next signature.
   */
  organization: z.string().nullable(),
  /** Where the organisation is, shown in the seal's stamp (e.g. "Zürich"); null: not shown. */
  location: z.string().nullable(),
});
export type SealData = z.infer<typeof SealData>;

const SealDataLine = z.string().trim().min(1).max(64).nullable();

/** PUT .../seals/{name}/data: any of the fields; what is left out stays, null clears it. */
export const UpdateSealDataBody = z
  .strictObject({ organization: SealDataLine, location: SealDataLine })
  .partial();
export type UpdateSealDataBody = z.infer<typeof UpdateSealDataBody>;

/** Seal image uploads: PNG, JPEG or WebP of at most 2 MB, kept as a PNG of at most 1000 px a side. */
export const maxSealImageBytes = 2 * 1024 * 1024;
export const maxSealImageSide = 1000;
