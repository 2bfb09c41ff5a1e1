import { z } from 'zod';

/**
 * An empty signature field the uploaded PDF already has (issue 13): a place its author prepared for
 * a signer. The box is in the editor's coordinates (points, origin top-left of the displayed page),
 * like a signer's Position; signing fills this field instead of adding one.
 */
export const ExistingSignatureField = z.object({
  /** Fully qualified field name, as the PDF names it; a signer's visual signature refers to it. */
  name: z.string(),
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /**
   * The field's /Lock: which form fields its signature freezes (All, or those Included/not
   * Excluded), applied as a FieldMDP reference when it is signed; null without one.
   */
  lock: z.object({ action: z.enum(['All', 'Include', 'Exclude']), fields: z.array(z.string()) }).nullable(),
});
export type ExistingSignatureField = z.infer<typeof ExistingSignatureField>;

/**
 * How a signer's visual signature names one of the document's fields: matched against the names
 * the upload holds (never written into a PDF), so any text of a PDF field name's length will do.
 */
export const ExistingFieldName = z.string().min(1).max(255);
