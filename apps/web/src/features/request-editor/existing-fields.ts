import type { ExistingSignatureField } from '@signet/contracts/signature-fields';
import type { Placement, SignerForm } from './editor-form.ts';

// The document's own empty signature fields in the editor: a signer is assigned to one instead of
// getting a box of their own; its place and size are the field's, fixed by the PDF.

/** Which signer holds an existing field, and which of their placements it is. */
export interface FieldHolder {
  signerIndex: number;
  placementIndex: number;
}

/** Field name → its holder, for one document. */
export function fieldHolders(
  signers: ReadonlyArray<Pick<SignerForm, 'placements'>>,
  documentId: string,
): Map<string, FieldHolder> {
  const holders = new Map<string, FieldHolder>();
  signers.forEach((signer, signerIndex) =>
    signer.placements.forEach((placement, placementIndex) => {
      if (placement.documentId === documentId && placement.fieldName !== undefined)
        holders.set(placement.fieldName, { signerIndex, placementIndex });
    }),
  );
  return holders;
}

/**
 * Every signer's placements after giving `field` of `documentId` to signer `index`: like a placed
 * box, it replaces their box on that document (one a signer and document), and whoever held the
 * field before loses it (one signature a field). Unchanged lists stay the same arrays.
 */
export function assignField(
  signers: ReadonlyArray<Pick<SignerForm, 'placements'>>,
  index: number,
  documentId: string,
  field: ExistingSignatureField,
): Placement[][] {
  const { name, page, x, y, width, height } = field;
  return signers.map((signer, i) => {
    if (i === index)
      return [
        ...signer.placements.filter((p) => p.documentId !== documentId),
        { documentId, page, x, y, width, height, fieldName: name },
      ];
    const kept = signer.placements.filter((p) => !(p.documentId === documentId && p.fieldName === name));
    return kept.length === signer.placements.length ? signer.placements : kept;
  });
}
