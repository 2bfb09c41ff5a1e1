import { afterAll, describe, expect, it } from 'vitest';
import { corpusBytes } from '../../test/corpus-manifest';
import { PdfError } from '../errors';
import { renderPages } from '../render/render-page';
import { inspectPdf } from './inspect-pdf';
import { closePdfEngine, configurePdfEngine } from './worker-pool';

afterAll(() => closePdfEngine());

describe('engine worker pool', () => {
  it('queues more tasks than workers and answers each one with its own result', async () => {
    configurePdfEngine({ workers: 2 });
    const bytes = corpusBytes('rotated-pages-90-180-270-0.pdf');
    const calls = Array.from({ length: 12 }, (_, i) => (i % 4) + 1);
    const results = await Promise.all(calls.map((p) => renderPages(bytes, [p], { scale: 50 })));
    results.forEach(([page], i) => {
      expect(page?.page).toBe(calls[i]);
      // Pages 1 and 3 are turned a quarter: landscape images; 2 and 4 portrait.
      const landscape = (page?.width ?? 0) > (page?.height ?? 0);
      expect(landscape).toBe(calls[i] === 1 || calls[i] === 3);
    });
  });

  it('a failing task does not disturb the tasks beside it', async () => {
    const bytes = corpusBytes('basic-pdf15-libreoffice-writer.pdf');
    const [bad, good] = await Promise.allSettled([renderPages(bytes, [2]), inspectPdf(bytes)]);
    expect(bad.status === 'rejected' && bad.reason instanceof PdfError && bad.reason.code).toBe(
      'PDF_PAGE_OUT_OF_RANGE',
    );
    expect(good.status === 'fulfilled' && good.value.pageCount).toBe(1);
  });

  it('close() settles running and queued tasks, and the next call starts the pool again', async () => {
    configurePdfEngine({ workers: 1 });
    const bytes = corpusBytes('pdf13-indesign-us-constitution-19p.pdf');
    const pending = Array.from({ length: 4 }, (_, i) => renderPages(bytes, [i + 1]));
    const outcomes = Promise.allSettled(pending);
    await closePdfEngine();
    const settled = await outcomes;
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    expect((await inspectPdf(bytes)).pageCount).toBe(19);
    configurePdfEngine({ workers: 2 });
  });
});
