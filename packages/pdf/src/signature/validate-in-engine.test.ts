import { afterAll, describe, expect, it } from 'vitest';
import { closePdfEngine } from '../document/worker-pool';
import { corpusBytes } from '../../test/corpus-manifest';
import { validatePdfSignatures } from './validate';
import { validatePdfSignaturesInEngine } from './validate-in-engine';

afterAll(() => closePdfEngine());

describe('validation in an engine worker', () => {
  it('answers the same report as in the calling thread, dates included', async () => {
    const pdf = corpusBytes('signed-broken-modified-after-signing.pdf');
    const validationTime = new Date('2026-01-01T00:00:00Z');
    const inWorker = await validatePdfSignaturesInEngine(pdf, { trustAnchors: [], validationTime });
    const here = await validatePdfSignatures(pdf, { trustAnchors: [], validationTime });
    expect(inWorker).toEqual(here);
    expect(inWorker.signatures.map((s) => s.indication)).toEqual(['INDETERMINATE', 'TOTAL-FAILED']);
  });
});
