import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { htmlToPdf } from './html-to-pdf';

const dir = mkdtempSync(join(tmpdir(), 'signet-html-to-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('htmlToPdf', () => {
  it('lays out text with accents into a valid, multi-page PDF with real text', () => {
    const rows = Array.from({ length: 120 }, (_, i) => `<tr><td>Zeile ${i}</td><td>Müller</td></tr>`).join(
      '',
    );
    const bytes = htmlToPdf(`<html><body><h1>Bericht über «Miete»</h1><table>${rows}</table></body></html>`, {
      title: 'Signaturbericht',
    });
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    execFileSync('qpdf', ['--check', file]);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Bericht über «Miete»');
    expect(text).toContain('Zeile 119');
    const info = execFileSync('pdfinfo', [file]).toString();
    expect(info).toMatch(/Title:\s+Signaturbericht/);
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThan(1);
  });
});
