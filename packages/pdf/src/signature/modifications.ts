import * as mupdf from 'mupdf';
import { resolved } from './pdf-objects';
import { RevisionDocuments, revisionEnds, updatedObjects } from './revisions';
import { lockedFieldChanges, signatureLockAt } from './locked-fields';
import type { FieldLock } from '../fields/field-lock';

export interface ModificationReport {
  /** False when a later revision changes anything beyond what signing workflows may change. */
  allowed: boolean;
  /** One line per changed object, each prefixed "allowed:" or "disallowed:". */
  changes: string[];
  /** The FieldMDP lock the signature applies to later changes (from its /Reference), if any. */
  fieldLock?: FieldLock;
}

const CATALOG_KEYS = new Set(['DSS', 'AcroForm', 'Extensions']);
// Not NeedAppearances: it would let viewers redraw the other fields after signing.
const ACROFORM_KEYS = new Set(['Fields', 'SigFlags', 'DR', 'DA']);
const SIGNATURE_WIDGET_KEYS = new Set(['V', 'AP', 'AS', 'F', 'Lock', 'MK', 'P']);

function changedKeys(oldObj: mupdf.PDFObject, newObj: mupdf.PDFObject): string[] {
  const keys = new Set<string>();
  oldObj.forEach((_v, k) => keys.add(String(k)));
  newObj.forEach((_v, k) => keys.add(String(k)));
  return [...keys].filter((k) => oldObj.get(k).toString() !== newObj.get(k).toString());
}

function nameOf(obj: mupdf.PDFObject, key: string): string {
  const v = resolved(obj.get(key));
  return v.isName() ? v.asName() : '';
}

function isSignatureWidget(obj: mupdf.PDFObject): boolean {
  const dict = resolved(obj);
  if (!dict.isDictionary()) return false;
  const ft = resolved(dict.getInheritable('FT'));
  return ft.isName() && ft.asName() === 'Sig';
}

/** Objects reachable from the catalog's /DSS (dictionary, arrays, VRI and its entries). */
function dssObjects(doc: mupdf.PDFDocument): Set<number> {
  const owned = new Set<number>();
  const add = (obj: mupdf.PDFObject) => {
    if (obj.isIndirect()) owned.add(obj.asIndirect());
  };
  const dss = doc.getTrailer().get('Root').get('DSS');
  add(dss);
  const dict = resolved(dss);
  if (!dict.isDictionary()) return owned;
  for (const key of ['Certs', 'OCSPs', 'CRLs', 'VRI']) add(dict.get(key));
  const vri = resolved(dict.get('VRI'));
  if (vri.isDictionary()) vri.forEach((entry) => add(entry));
  return owned;
}

function bytesOf(obj: mupdf.PDFObject): string {
  return obj.isStream() ? Buffer.from(obj.readRawStream().asUint8Array()).toString('base64') : '';
}

function classify(
  num: number,
  oldDoc: mupdf.PDFDocument,
  newDoc: mupdf.PDFDocument,
  dss: Set<number>,
): string {
  const oldRef = oldDoc.newIndirect(num);
  const newRef = newDoc.newIndirect(num);
  const oldObj = resolved(oldRef);
  const newObj = resolved(newRef);
  // Stream data is read through the references (mupdf needs the object number).
  const sameData = bytesOf(oldRef) === bytesOf(newRef);
  const type = nameOf(newObj, 'Type');
  if (type === 'XRef' || type === 'ObjStm') return '';
  if (oldObj.isNull()) return '';
  if (oldObj.toString() === newObj.toString() && sameData) return '';
  const label = `object ${num}${type ? ` (${type})` : ''}`;
  if (dss.has(num)) return `allowed: ${label} validation data`;
  const rootNum = oldDoc.getTrailer().get('Root').asIndirect();
  const infoObj = oldDoc.getTrailer().get('Info');
  if (infoObj.isIndirect() && infoObj.asIndirect() === num) return `allowed: ${label} document information`;
  if (oldObj.isArray() && newObj.isArray()) {
    const before = new Set<string>();
    oldObj.forEach((v) => before.add(v.toString()));
    const after: mupdf.PDFObject[] = [];
    newObj.forEach((v) => after.push(v));
    const kept = [...before].every((v) => after.some((a) => a.toString() === v));
    const added = after.filter((a) => !before.has(a.toString()));
    if (kept && added.every(isSignatureWidget)) return `allowed: ${label} signature fields added`;
    return `disallowed: ${label} array changed`;
  }
  if (!oldObj.isDictionary() || !newObj.isDictionary() || !sameData) {
    return `disallowed: ${label} content changed`;
  }
  const keys = changedKeys(oldObj, newObj);
  const within = (allowed: Set<string>) => keys.every((k) => allowed.has(k));
  if (num === rootNum && within(CATALOG_KEYS)) return `allowed: ${label} catalog ${keys.join(', ')}`;
  const acroForm = oldDoc.getTrailer().get('Root').get('AcroForm');
  if (acroForm.isIndirect() && acroForm.asIndirect() === num && within(ACROFORM_KEYS)) {
    return `allowed: ${label} form ${keys.join(', ')}`;
  }
  if (type === 'Page' && keys.every((k) => k === 'Annots')) {
    const before = new Set<string>();
    resolved(oldObj.get('Annots')).forEach((v) => before.add(v.toString()));
    const added: mupdf.PDFObject[] = [];
    resolved(newObj.get('Annots')).forEach((v) => {
      if (!before.has(v.toString())) added.push(v);
    });
    if (added.every(isSignatureWidget)) return `allowed: ${label} signature widgets added`;
  }
  // Filling an empty signature field (value and look together). Once it holds a value, its
  // appearance is part of what was signed: a changed look of a signed field is disallowed.
  if (isSignatureWidget(oldObj) && within(SIGNATURE_WIDGET_KEYS)) {
    if (resolved(oldObj.getInheritable('V')).isNull()) return `allowed: ${label} signature field filled`;
  }
  return `disallowed: ${label} changed ${keys.join(', ')}`;
}

function revisionChanges(
  pdf: Uint8Array,
  previous: number,
  end: number,
  revisions: RevisionDocuments,
): string[] {
  const oldDoc = revisions.at(previous);
  const newDoc = revisions.at(end);
  if (!oldDoc || !newDoc) return [`disallowed: the revision ending at ${end} cannot be read`];
  const changes: string[] = [];
  const dss = dssObjects(newDoc);
  for (const num of updatedObjects(pdf, end, newDoc)) {
    try {
      const line = classify(num, oldDoc, newDoc, dss);
      if (line) changes.push(line);
    } catch {
      changes.push(`disallowed: object ${num} cannot be compared`);
    }
  }
  return changes;
}

/**
 * What the revisions after byte `signedEnd` change, judged object by object. When the signature in
 * `signedField` carries a FieldMDP lock, a changed value of a field it freezes is disallowed too.
 */
export function modificationsAfter(
  pdf: Uint8Array,
  signedEnd: number,
  revisions: RevisionDocuments,
  signedField?: string,
): ModificationReport {
  const ends = revisionEnds(pdf).filter((e) => e > signedEnd);
  const changes: string[] = [];
  let previous = signedEnd;
  for (const end of ends) {
    // Each step between two revisions is judged once per validation, whichever signature asks.
    changes.push(
      ...revisions.memo(`changes:${previous}:${end}`, () => revisionChanges(pdf, previous, end, revisions)),
    );
    previous = end;
  }
  const lock = signedField === undefined ? null : signatureLockAt(revisions, signedEnd, signedField);
  if (lock) changes.push(...lockedFieldChanges(revisions, signedEnd, previous, lock, signedField!));
  const allowed = changes.every((c) => c.startsWith('allowed:'));
  return lock ? { allowed, changes, fieldLock: lock } : { allowed, changes };
}
