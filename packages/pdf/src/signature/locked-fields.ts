import type * as mupdf from 'mupdf';
import { findSignatureField, listFormFields } from '../fields/form-fields';
import { locksField, signatureFieldLock, type FieldLock } from '../fields/field-lock';
import { resolved } from './pdf-objects';
import type { RevisionDocuments } from './revisions';

/** Each terminal field's value (/V, inherited) as written, by fully qualified name. */
function fieldValues(doc: mupdf.PDFDocument): Map<string, string> {
  const values = new Map<string, string>();
  for (const field of listFormFields(doc)) {
    const value = resolved(field.field.getInheritable('V'));
    values.set(field.name, value.isNull() ? '' : value.toString());
  }
  return values;
}

/** The FieldMDP lock of the signature in `fieldName`, read from the revision it signed. */
export function signatureLockAt(
  revisions: RevisionDocuments,
  signedEnd: number,
  fieldName: string,
): FieldLock | null {
  return revisions.memo(`lock:${signedEnd}:${fieldName}`, () => {
    const doc = revisions.at(signedEnd);
    const field = doc && findSignatureField(doc, fieldName);
    const value = field ? resolved(field.field.get('V')) : null;
    return value?.isDictionary() ? signatureFieldLock(value) : null;
  });
}

/**
 * What the revisions after a signature's range changed in the fields its FieldMDP lock freezes
 * (the field it signs excepted): a lock only means something if a validator enforces it. Each such
 * change is one "disallowed:" line, in the format of the modifications report.
 */
export function lockedFieldChanges(
  revisions: RevisionDocuments,
  signedEnd: number,
  finalEnd: number,
  lock: FieldLock,
  ownField: string,
): string[] {
  if (finalEnd <= signedEnd) return [];
  return revisions.memo(`locked:${signedEnd}:${finalEnd}:${JSON.stringify(lock)}:${ownField}`, () => {
    const signedDoc = revisions.at(signedEnd);
    if (!signedDoc) return [`disallowed: the signed revision cannot be read to check its field lock`];
    const before = fieldValues(signedDoc);
    const finalDoc = revisions.at(finalEnd);
    if (!finalDoc) return [`disallowed: the last revision cannot be read to check the field lock`];
    const lines: string[] = [];
    for (const [name, value] of fieldValues(finalDoc)) {
      if (name === ownField || !locksField(lock, name)) continue;
      if ((before.get(name) ?? '') !== value)
        lines.push(`disallowed: field "${name}" changed (locked by FieldMDP)`);
    }
    return lines;
  });
}
