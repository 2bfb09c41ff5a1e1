import * as mupdf from 'mupdf';
import { resolved } from './pdf-objects';
import { sha1, sha256 } from './certificates';
import { openForUpdate, saveIncrement } from './pdf-update';
import type { ValidationMaterial } from './revocation';

export interface ValidationDataUpdate extends ValidationMaterial {
  /**
   * The DER signatures (CMS or timestamp tokens, as in their /Contents) this material validates:
   * each gets a /VRI entry keyed by the SHA-1 of its /Contents value.
   */
  signatures: Uint8Array[];
  password?: string;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

/**
 * Appends a revision whose /DSS holds certificates, OCSP responses and CRLs (PAdES B-LT), merged
 * with any existing DSS: entries already present (same bytes) are referenced, not duplicated.
 */
export function writeValidationData(pdf: Uint8Array, update: ValidationDataUpdate): Uint8Array {
  const doc = openForUpdate(pdf, update.password);
  try {
    const root = doc.getTrailer().get('Root');
    let dss = root.get('DSS');
    if (!resolved(dss).isDictionary()) {
      dss = doc.addObject(doc.newDictionary());
      root.put('DSS', dss);
    }
    const refs = (key: 'Certs' | 'OCSPs' | 'CRLs', items: readonly Uint8Array[]): mupdf.PDFObject[] => {
      let array = dss.get(key);
      if (!resolved(array).isArray()) {
        array = doc.newArray();
        dss.put(key, array);
      }
      const existing = new Map<string, mupdf.PDFObject>();
      resolved(array).forEach((item) => {
        // Streams are read through their indirect reference (mupdf needs the object number).
        if (item.isStream()) existing.set(hex(sha256(item.readStream().asUint8Array())), item);
      });
      return items.map((der) => {
        const id = hex(sha256(der));
        let ref = existing.get(id);
        if (!ref) {
          ref = doc.addStream(der, doc.newDictionary());
          resolved(array).push(ref);
          existing.set(id, ref);
        }
        return ref;
      });
    };
    const certs = refs('Certs', update.certificates);
    const ocsps = refs('OCSPs', update.ocsps);
    const crls = refs('CRLs', update.crls);
    let vri = dss.get('VRI');
    if (!resolved(vri).isDictionary()) {
      vri = doc.addObject(doc.newDictionary());
      dss.put('VRI', vri);
    }
    for (const signature of update.signatures) {
      const entry = doc.newDictionary();
      const list = (objs: mupdf.PDFObject[]) => {
        const array = doc.newArray();
        for (const o of objs) array.push(o);
        return array;
      };
      if (certs.length > 0) entry.put('Cert', list(certs));
      if (ocsps.length > 0) entry.put('OCSP', list(ocsps));
      if (crls.length > 0) entry.put('CRL', list(crls));
      resolved(vri).put(hex(sha1(signature)), doc.addObject(entry));
    }
    return saveIncrement(doc, pdf);
  } finally {
    doc.destroy();
  }
}
