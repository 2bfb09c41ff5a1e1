import type * as mupdf from 'mupdf';
import { resolved } from '../signature/pdf-objects';
import { listFormFields } from './form-fields';

/**
 * A signature field's lock dictionary (ISO 32000-2 §12.7.5.5, /Lock): which form fields its
 * signature freezes, and (PDF 2.0 /P) the changes it allows to the whole document afterwards.
 */
export interface FieldLock {
  action: 'All' | 'Include' | 'Exclude';
  /** Fully qualified names of the fields /Action refers to; empty for All. */
  fields: string[];
  /** 1 = no changes, 2 = form filling and signing, 3 = also annotations; null when absent. */
  permissions: 1 | 2 | 3 | null;
}

const ACTIONS = new Set(['All', 'Include', 'Exclude']);

function strings(arr: mupdf.PDFObject): string[] {
  const out: string[] = [];
  if (!arr.isArray()) return out;
  arr.forEach((v) => {
    const s = resolved(v);
    if (s.isString()) out.push(s.asString());
  });
  return out;
}

/** Reads /Action, /Fields and /P from a lock or FieldMDP transform-parameters dictionary. */
function lockFrom(dict: mupdf.PDFObject): FieldLock | null {
  if (!dict.isDictionary()) return null;
  const action = resolved(dict.get('Action'));
  // An unknown action locks nothing a validator could check: treated as no lock, never guessed.
  if (!action.isName() || !ACTIONS.has(action.asName())) return null;
  const p = resolved(dict.get('P'));
  const level = p.isNumber() ? p.asNumber() : null;
  return {
    action: action.asName() as FieldLock['action'],
    fields: action.asName() === 'All' ? [] : strings(resolved(dict.get('Fields'))),
    permissions: level === 1 || level === 2 || level === 3 ? level : null,
  };
}

/** The /Lock of a signature field dictionary, or null. */
export function readFieldLock(field: mupdf.PDFObject): FieldLock | null {
  return lockFrom(resolved(field.get('Lock')));
}

/** The FieldMDP lock a signature dictionary carries in its /Reference, or null. */
export function signatureFieldLock(signature: mupdf.PDFObject): FieldLock | null {
  const references = resolved(signature.get('Reference'));
  if (!references.isArray()) return null;
  for (let i = 0; i < references.length; i++) {
    const ref = resolved(references.get(i));
    const method = resolved(ref.get('TransformMethod'));
    if (method.isName() && method.asName() === 'FieldMDP')
      return lockFrom(resolved(ref.get('TransformParams')));
  }
  return null;
}

/** True when `lock` freezes the field called `name`. */
export function locksField(lock: FieldLock, name: string): boolean {
  if (lock.action === 'All') return true;
  const listed = lock.fields.some((f) => f === name || name.startsWith(`${f}.`));
  return lock.action === 'Include' ? listed : !listed;
}

function signatureReference(
  doc: mupdf.PDFDocument,
  method: 'FieldMDP' | 'DocMDP',
  params: mupdf.PDFObject,
): mupdf.PDFObject {
  params.put('Type', doc.newName('TransformParams'));
  // The transform parameters version of PDF 1.5 and later; a name, not a number.
  params.put('V', doc.newName('1.2'));
  const ref = doc.newDictionary();
  ref.put('Type', doc.newName('SigRef'));
  ref.put('TransformMethod', doc.newName(method));
  ref.put('TransformParams', params);
  return ref;
}

/**
 * Applies the lock of the field being signed, as its author asked: the signature dictionary gets a
 * FieldMDP reference whose parameters are the field's /Lock (Action, Fields, P). A /P on the lock of
 * the document's first signature also makes it the certification (DocMDP reference + /Perms), the
 * only signature that may certify; later ones keep /P in the FieldMDP parameters only.
 */
export function applyFieldLock(doc: mupdf.PDFDocument, signature: mupdf.PDFObject, lock: FieldLock): void {
  const params = doc.newDictionary();
  params.put('Action', doc.newName(lock.action));
  if (lock.action !== 'All') {
    const fields = doc.newArray();
    for (const name of lock.fields) fields.push(doc.newString(name));
    params.put('Fields', fields);
  }
  if (lock.permissions !== null) params.put('P', lock.permissions);
  const references = doc.newArray();
  references.push(signatureReference(doc, 'FieldMDP', params));

  const root = doc.getTrailer().get('Root');
  let perms = resolved(root.get('Perms'));
  const certified = perms.isDictionary() && !perms.get('DocMDP').isNull();
  const signedBefore = listFormFields(doc).some(
    (f) => f.type === 'Sig' && !resolved(f.field.get('V')).isNull(),
  );
  if (lock.permissions !== null && !certified && !signedBefore) {
    const docParams = doc.newDictionary();
    docParams.put('P', lock.permissions);
    references.push(signatureReference(doc, 'DocMDP', docParams));
    if (!perms.isDictionary()) {
      perms = doc.newDictionary();
      root.put('Perms', perms);
    }
    perms.put('DocMDP', signature);
  }
  signature.put('Reference', references);
}
