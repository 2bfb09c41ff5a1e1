import * as mupdf from 'mupdf';

/** One terminal form field: the dictionary holding /T (and /V), and its first widget. */
export interface FormField {
  name: string;
  field: mupdf.PDFObject;
  /** The field itself when field and widget are merged, else its first widget kid; null if none. */
  widget: mupdf.PDFObject | null;
  /** Field type, inherited through /Parent: "Sig", "Tx", "Btn", "Ch" or "" when absent. */
  type: string;
  /** 0-based page index of the widget, or null when no page lists it in /Annots. */
  pageIndex: number | null;
}

const MAX_DEPTH = 32;

/**
 * Every terminal field of the AcroForm with its fully qualified name. Guards against loops and
 * absurd nesting in hostile files (visited set + depth bound) instead of trusting the tree.
 */
export function listFormFields(doc: mupdf.PDFDocument): FormField[] {
  const pageOfAnnot = annotPageIndex(doc);
  const out: FormField[] = [];
  const visited = new Set<number>();
  const fields = doc.getTrailer().get('Root', 'AcroForm', 'Fields');
  if (!fields.isArray()) return out;

  const visit = (node: mupdf.PDFObject, parentName: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (node.isIndirect()) {
      const num = node.asIndirect();
      if (visited.has(num)) return;
      visited.add(num);
    }
    const dict = node;
    if (!dict.isDictionary()) return;
    const partial = dict.get('T');
    const name = partial.isString()
      ? parentName === ''
        ? partial.asString()
        : `${parentName}.${partial.asString()}`
      : parentName;
    const kids = dict.get('Kids');
    const fieldKids: mupdf.PDFObject[] = [];
    const widgetKids: mupdf.PDFObject[] = [];
    if (kids.isArray()) {
      kids.forEach((kid) => {
        if (kid.get('T').isNull()) widgetKids.push(kid);
        else fieldKids.push(kid);
      });
    }
    if (fieldKids.length > 0) {
      for (const kid of fieldKids) visit(kid, name, depth + 1);
      return;
    }
    const ft = dict.getInheritable('FT');
    const widget = widgetKids[0] ?? (dict.get('Subtype').isName() ? node : null);
    const pageIndex =
      widget !== null && widget.isIndirect() ? (pageOfAnnot.get(widget.asIndirect()) ?? null) : null;
    out.push({ name, field: dict, widget, type: ft.isName() ? ft.asName() : '', pageIndex });
  };

  fields.forEach((f) => visit(f, '', 0));
  return out;
}

/** Object number of each annotation → 0-based index of the page whose /Annots lists it. */
export function annotPageIndex(doc: mupdf.PDFDocument): Map<number, number> {
  const map = new Map<number, number>();
  const count = doc.countPages();
  for (let i = 0; i < count; i++) {
    const annots = doc.findPage(i).get('Annots');
    if (!annots.isArray()) continue;
    annots.forEach((a) => {
      if (a.isIndirect() && !map.has(a.asIndirect())) map.set(a.asIndirect(), i);
    });
  }
  return map;
}

/** The signature field called `name`, or null. */
export function findSignatureField(doc: mupdf.PDFDocument, name: string): FormField | null {
  return listFormFields(doc).find((f) => f.type === 'Sig' && f.name === name) ?? null;
}
