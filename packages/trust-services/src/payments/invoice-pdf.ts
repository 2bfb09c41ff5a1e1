import type { Invoice } from './invoices.js';

/** PDF string literal: WinAnsi text, with the three characters that need it escaped. */
const pdfText = (text: string) =>
  `(${text.replace(/[^\x20-\x7e]/g, (c) => (c === '×' ? 'x' : '?')).replace(/[\\()]/g, (c) => `\\${c}`)})`;

const money = (amount: number, currency: string) => `${currency.toUpperCase()} ${(amount / 100).toFixed(2)}`;
const date = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * The invoice as a one-page PDF 1.4 (Helvetica, standard 14 fonts need no embedding), with a correct
 * cross-reference table, so any reader and `qpdf --check` accept it. It says SIMULATED, as everything
 * the sandbox issues does.
 */
export function invoicePdf(invoice: Invoice): Buffer {
  const lines = (
    invoice.lines as {
      data: { description: string; amount: number; period: { start: number; end: number } }[];
    }
  ).data;
  const rows: [number, string, number][] = [
    [20, 'Signet payments sandbox - SIMULATED invoice, not a real charge', 780],
    [
      12,
      `Invoice ${String(invoice.number ?? invoice.id)}   Date ${date(invoice.created)}   Status ${invoice.status}`,
      750,
    ],
    [
      12,
      `Customer ${String(invoice.customer_name ?? '')} ${String(invoice.customer_email ?? '')} (${invoice.customer})`,
      732,
    ],
    [12, `Period ${date(invoice.period_start)} - ${date(invoice.period_end)}`, 714],
  ];
  let y = 680;
  for (const line of lines.slice(0, 30)) {
    rows.push([
      10,
      `${line.description}  (${date(line.period.start)} - ${date(line.period.end)})  ${money(line.amount, invoice.currency)}`,
      y,
    ]);
    y -= 16;
  }
  rows.push([
    12,
    `Subtotal ${money(invoice.subtotal, invoice.currency)}   Total ${money(invoice.total, invoice.currency)}`,
    y - 10,
  ]);
  rows.push([
    12,
    `Amount due ${money(invoice.amount_due, invoice.currency)}   Paid ${money(invoice.amount_paid, invoice.currency)}`,
    y - 28,
  ]);
  const content = rows
    .map(([size, text, at]) => `BT /F1 ${size} Tf 50 ${at} Td ${pdfText(text)} Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfText(`Invoice ${String(invoice.number ?? invoice.id)}`)} /Producer (Signet payments sandbox) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
