import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { seriousViolations } from './axe.ts';
import { cspViolations, newContext, settled, useBrowser } from './support.ts';

const corpus = '/work/shared/pdf-corpus';
const shots = join(import.meta.dirname, 'screenshots');
const browser = useBrowser();

test('without an account, a dropped PDF gets its report on /validate, as PDF and JSON', async () => {
  const file = join(corpus, 'signed-broken-modified-after-signing.pdf');
  const bytes = readFileSync(file);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  // The first revision's hash, as a QR code on a signature added to it would name it.
  const firstRevision = createHash('sha256')
    .update(bytes.subarray(0, bytes.indexOf('%%EOF') + '%%EOF\n'.length))
    .digest('hex');
  for (const width of [1280, 390]) {
    const context = await newContext(browser(), { width });
    const page = await context.newPage();
    try {
      await page.goto(`/validate?document=${firstRevision}`);
      await settled(page);
      await page.getByRole('heading', { name: 'Check signatures', level: 1 }).waitFor();
      assert.match(await page.getByTestId('expected-document').innerText(), new RegExp(firstRevision));
      await page.getByText('No file checked yet').waitFor();
      assert.match(await page.getByTestId('drop-zone').innerText(), /not kept on the server/);

      // Dropped onto the drop zone, as a person drags it from their files.
      const transfer = await page.evaluateHandle(
        ({ data, name }) => {
          const dt = new DataTransfer();
          dt.items.add(
            new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name, {
              type: 'application/pdf',
            }),
          );
          return dt;
        },
        { data: bytes.toString('base64'), name: 'contract.pdf' },
      );
      await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });

      const report = page.getByTestId('validation-report');
      await report.waitFor();
      assert.match(await report.innerText(), new RegExp(sha256));
      assert.match(
        await page.getByTestId('expected-match').innerText(),
        /contains the version the QR code names \(revision 1\)/,
      );
      const cards = page.getByTestId('signature-card');
      assert.equal(await cards.count(), 2);
      assert.deepEqual(
        await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-indication'))),
        ['INDETERMINATE', 'TOTAL-FAILED'],
      );
      assert.match(
        await cards.nth(1).innerText(),
        /Broken signature by .+: the document was changed after signing/,
      );
      assert.match(await page.getByRole('heading', { name: 'Trust list used' }).innerText(), /Trust list/);
      assert.match(await report.innerText(), /\(Signet\)/);

      const pdfDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download PDF report' }).click();
      const pdf = await pdfDownload;
      assert.equal(pdf.suggestedFilename(), 'contract-validation-report.pdf');
      const pdfBytes = readFileSync(await pdf.path());
      assert.equal(pdfBytes.subarray(0, 5).toString('latin1'), '%PDF-');

      const jsonDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download JSON report' }).click();
      const json = JSON.parse(readFileSync(await (await jsonDownload).path(), 'utf8')) as {
        document: { sha256: string };
        signatures: Array<{ indication: string }>;
      };
      assert.equal(json.document.sha256, sha256);
      assert.deepEqual(
        json.signatures.map((s) => s.indication),
        ['INDETERMINATE', 'TOTAL-FAILED'],
      );

      assert.deepEqual(await seriousViolations(page), []);
      assert.deepEqual(cspViolations(context), []);
      await page.screenshot({ path: join(shots, `validate-${width}.png`), fullPage: true });

      // A file that is not a PDF: the error state, in words.
      await page.getByTestId('file-input').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('just some text'),
      });
      const error = page.getByTestId('validation-error');
      await error.waitFor();
      assert.match(await error.innerText(), /This file is not a PDF/);
      if (width === 390)
        await page.screenshot({ path: join(shots, `validate-error-${width}.png`), fullPage: false });
    } finally {
      await context.close();
    }
  }
});
