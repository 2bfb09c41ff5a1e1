import { describe, expect, it } from 'vitest';
import { assignField, fieldHolders } from './existing-fields.ts';
import type { Placement } from './editor-form.ts';

const field = { name: 'Signature1', page: 1, x: 69, y: 227, width: 251, height: 149, lock: null };
const box = (documentId: string, page = 1): Placement => ({
  documentId,
  page,
  x: 10,
  y: 10,
  width: 300,
  height: 140,
});

describe("the document's own signature fields in the editor", () => {
  it("replaces the signer's box on that document, keeps their boxes on others, and frees the field's former holder", () => {
    const signers = [
      { placements: [box('a'), box('b', 2)] },
      { placements: [{ ...box('a'), ...field, documentId: 'a', fieldName: 'Signature1' }] },
      { placements: [box('c')] },
    ];
    const next = assignField(signers, 0, 'a', field);
    expect(next[0]).toEqual([
      box('b', 2),
      { documentId: 'a', page: 1, x: 69, y: 227, width: 251, height: 149, fieldName: 'Signature1' },
    ]);
    expect(next[1]).toEqual([]);
    // Untouched signers keep the very same list (nothing to save for them).
    expect(next[2]).toBe(signers[2]!.placements);
    expect(
      fieldHolders(
        next.map((placements) => ({ placements })),
        'a',
      ),
    ).toEqual(new Map([['Signature1', { signerIndex: 0, placementIndex: 1 }]]));
    expect(
      fieldHolders(
        next.map((placements) => ({ placements })),
        'b',
      ).size,
    ).toBe(0);
  });
});
