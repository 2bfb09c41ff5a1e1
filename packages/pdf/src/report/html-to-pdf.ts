import * as mupdf from 'mupdf';

export interface HtmlToPdfOptions {
  /** Page size in points; A4 portrait by default. */
  width?: number;
  height?: number;
  /** Base font size in points. */
  fontSize?: number;
  /** Document information title. */
  title?: string;
}

/** Bounds what one call may lay out: reports are small; anything larger is a caller bug. */
const MAX_HTML_CHARS = 2_000_000;

/**
 * Lays out a self-contained (X)HTML page with MuPDF's HTML engine into a PDF: text is real text
 * (searchable, copyable) in MuPDF's built-in fonts. The HTML must not reference external
 * resources; none are fetched. Runs in the calling thread: meant for short documents such as
 * signature reports, not for user-supplied HTML.
 */
export function htmlToPdf(html: string, options: HtmlToPdfOptions = {}): Uint8Array {
  if (html.length > MAX_HTML_CHARS) throw new RangeError('The HTML is too large to lay out.');
  const source = mupdf.Document.openDocument(new TextEncoder().encode(html), 'text/html');
  const output = new mupdf.Buffer();
  try {
    source.layout(options.width ?? 595.28, options.height ?? 841.89, options.fontSize ?? 10);
    const writer = new mupdf.DocumentWriter(output, 'pdf', 'compress');
    const pages = source.countPages();
    for (let index = 0; index < pages; index++) {
      const page = source.loadPage(index);
      const device = writer.beginPage(page.getBounds());
      page.run(device, mupdf.Matrix.identity);
      writer.endPage();
      page.destroy();
    }
    writer.close();
    writer.destroy();
    const bytes = output.asUint8Array().slice();
    return options.title ? withTitle(bytes, options.title) : bytes;
  } finally {
    output.destroy();
    source.destroy();
  }
}

function withTitle(bytes: Uint8Array, title: string): Uint8Array {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf') as mupdf.PDFDocument;
  try {
    doc.setMetaData(mupdf.Document.META_INFO_TITLE, title);
    const saved = doc.saveToBuffer('compress');
    try {
      return saved.asUint8Array().slice();
    } finally {
      saved.destroy();
    }
  } finally {
    doc.destroy();
  }
}
