import * as mupdf from 'mupdf';
import QRCode from 'qrcode';
import { pageRotation, readBox } from '../document/page-geometry';
import type { PageRotation } from '../document/types';
import { annotPageIndex } from '../fields/form-fields';
import { claimsPdfA1, loadSignatureImage } from './signature-image';
import { compressedStream, faceFont, signatureFonts, type FaceKey } from './signature-fonts';
import { encodeText, type EncodedText } from './text-run';
import type { AppearanceBox, VisualSignatureData } from './visual-signature-data';

interface Line {
  text: EncodedText;
  font: FaceKey;
  /** Natural font size in points; the layout only shrinks it. */
  size: number;
  gray: number;
}

/**
 * Builds the visible appearance of a signature as a Form XObject in `doc`, ready to be set as the
 * widget's /AP /N. `box` is the field as displayed (width × height in points, and the page
 * rotation): the XObject's /Matrix turns the drawing so it reads upright on rotated pages.
 * Everything fits the box: text lines shrink to the width, the whole block to the height.
 */
export function buildSignatureAppearance(
  doc: mupdf.PDFDocument,
  box: AppearanceBox,
  data: VisualSignatureData,
): mupdf.PDFObject {
  const { width: w, height: h } = box;
  if (!(w > 0 && h > 0 && Number.isFinite(w) && Number.isFinite(h))) {
    throw new RangeError('appearance box must have a positive size');
  }
  const regular = faceFont('F1');
  const bold = faceFont('F2');
  const resources = doc.newDictionary();
  const pad = Math.min(6, 0.06 * Math.min(w, h));
  const ops: string[] = ['q', `0 0 ${n(w)} ${n(h)} re W n`];
  let textLeft = pad;

  if (data.qrUrl !== undefined && data.qrUrl !== '') {
    const side = Math.min(h - 2 * pad, w * 0.32);
    if (side > 0) {
      ops.push(qrCodeOps(data.qrUrl, pad, (h - side) / 2, side));
      textLeft = pad + side + pad;
    }
  }
  const textWidth = Math.max(1, w - textLeft - pad);

  const lines = collectLines(data, regular, bold);
  let image: { name: string; aspect: number } | null = null;
  if (data.image !== undefined) {
    const img = loadSignatureImage(data.image, claimsPdfA1(doc));
    // Added in a scratch document and grafted: mupdf's addImage would index every image of `doc`.
    const scratch = new mupdf.PDFDocument();
    try {
      const xobjects = doc.newDictionary();
      xobjects.put('Im0', doc.graftObject(scratch.addImage(img)));
      resources.put('XObject', xobjects);
    } finally {
      scratch.destroy();
    }
    image = { name: 'Im0', aspect: img.getWidth() / img.getHeight() };
    img.destroy();
  }

  const available = h - 2 * pad;
  const textHeight = lines.reduce((sum, l) => sum + l.size * 1.2, 0);
  const imageHeight = image === null ? 0 : lines.length === 0 ? available : available * 0.42;
  // Grow short content up to 1.5× so a large field is not mostly empty; shrink long content.
  const k = Math.min(1.5, available / (textHeight + imageHeight));
  let top = h - pad - (available - (textHeight + imageHeight) * k) / 2;

  if (image !== null) {
    let ih = imageHeight * k;
    let iw = ih * image.aspect;
    if (iw > textWidth) {
      iw = textWidth;
      ih = iw / image.aspect;
    }
    ops.push(`q ${n(iw)} 0 0 ${n(ih)} ${n(textLeft)} ${n(top - ih)} cm /${image.name} Do Q`);
    top -= imageHeight * k;
  }
  // The name (first line) stays the largest text even when its length shrinks it.
  let largest = Infinity;
  for (const line of lines) {
    const slot = line.size * 1.2 * k;
    const fitted = Math.min(line.size * k, line.text.width > 0 ? textWidth / line.text.width : Infinity);
    const size = Math.min(fitted, largest);
    if (largest === Infinity) largest = size;
    const baseline = top - slot + (slot - size) / 2 + size * 0.22;
    ops.push(
      `BT /${line.font} ${n(size)} Tf ${line.gray} g 1 0 0 1 ${n(textLeft)} ${n(baseline)} Tm <${line.text.hex}> Tj ET`,
    );
    top -= slot;
  }
  ops.push('Q');

  // Fonts last: they depend on the characters drawn, and may be an earlier signature's.
  const faces = new Map<FaceKey, Set<number>>();
  for (const line of lines) {
    const characters = faces.get(line.font) ?? new Set<number>();
    for (const cp of line.text.characters) characters.add(cp);
    faces.set(line.font, characters);
  }
  if (faces.size > 0) {
    const fonts = doc.newDictionary();
    for (const [face, font] of signatureFonts(doc, faces)) fonts.put(face, font);
    resources.put('Font', fonts);
  }
  return compressedStream(doc, Buffer.from(ops.join('\n'), 'latin1'), {
    Type: doc.newName('XObject'),
    Subtype: doc.newName('Form'),
    BBox: [0, 0, w, h],
    Matrix: rotationMatrix(box.rotation ?? 0),
    Resources: resources,
  });
}

/**
 * Gives a signature widget its visible appearance (/AP /N), using the widget's /Rect and the
 * rotation of its page. Returns the appearance XObject.
 */
export function applySignatureAppearance(
  doc: mupdf.PDFDocument,
  widget: mupdf.PDFObject,
  data: VisualSignatureData,
): mupdf.PDFObject {
  const rect = readBox(widget.get('Rect'));
  if (rect === null) throw new RangeError('the widget has no valid /Rect');
  const rotation = widgetRotation(doc, widget);
  const quarter = rotation === 90 || rotation === 270;
  const width = quarter ? rect[3] - rect[1] : rect[2] - rect[0];
  const height = quarter ? rect[2] - rect[0] : rect[3] - rect[1];
  const xobject = buildSignatureAppearance(doc, { width, height, rotation }, data);
  const ap = doc.newDictionary();
  ap.put('N', xobject);
  widget.put('AP', ap);
  return xobject;
}

/** The rotation of the widget's page: from /P, else from the page whose /Annots lists it. */
function widgetRotation(doc: mupdf.PDFDocument, widget: mupdf.PDFObject): PageRotation {
  const page = widget.get('P');
  if (page.isDictionary()) return pageRotation(page);
  const index = widget.isIndirect() ? annotPageIndex(doc).get(widget.asIndirect()) : undefined;
  return index === undefined ? 0 : pageRotation(doc.findPage(index));
}

function collectLines(data: VisualSignatureData, regular: mupdf.Font, bold: mupdf.Font): Line[] {
  const lines: Line[] = [];
  const add = (text: string | undefined, font: 'F1' | 'F2', size: number, gray: number): void => {
    if (text === undefined || text.trim() === '') return;
    lines.push({ text: encodeText(font === 'F2' ? bold : regular, text.trim()), font, size, gray });
  };
  add(data.name, 'F2', 13, 0.1);
  add(data.optionalLine, 'F1', 9, 0.2);
  if (data.part11 !== undefined) {
    add(data.part11.signingName, 'F1', 8, 0.1);
    add(data.part11.reason, 'F1', 8, 0.1);
    add(data.part11.time, 'F1', 8, 0.1);
  }
  add(join([data.qualityLabel, data.legislationLabel, data.providerLabel], ' · '), 'F1', 7.5, 0.25);
  add(join([data.location, data.date], ', '), 'F1', 7.5, 0.25);
  add(data.claim, 'F1', 7, 0.4);
  return lines;
}

function join(parts: Array<string | undefined>, sep: string): string | undefined {
  const kept = parts.filter((p): p is string => p !== undefined && p.trim() !== '');
  return kept.length === 0 ? undefined : kept.join(sep);
}

/** The QR code as filled rectangles, one per horizontal run of dark modules, with a quiet zone. */
function qrCodeOps(url: string, x: number, y: number, side: number): string {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 1;
  const unit = side / (size + 2 * quiet);
  const rects: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (qr.modules.data[row * size + col] !== 1) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && qr.modules.data[row * size + col] === 1) col++;
      const rx = x + (start + quiet) * unit;
      const ry = y + side - (row + 1 + quiet) * unit;
      rects.push(`${n(rx)} ${n(ry)} ${n((col - start) * unit)} ${n(unit)} re`);
    }
  }
  return `q 0 g ${rects.join(' ')} f Q`;
}

/** Turns the drawing counter-clockwise by the page rotation, so it reads upright once displayed. */
function rotationMatrix(rotation: PageRotation): [number, number, number, number, number, number] {
  switch (rotation) {
    case 90:
      return [0, 1, -1, 0, 0, 0];
    case 180:
      return [-1, 0, 0, -1, 0, 0];
    case 270:
      return [0, -1, 1, 0, 0, 0];
    default:
      return [1, 0, 0, 1, 0, 0];
  }
}

function n(v: number): string {
  return Number(v.toFixed(3)).toString();
}
