import { PdfError } from '../errors';
import { openForUpdate } from './pdf-update';
import type { RevocationTransports } from './revocation';
import { addValidationData, appendDocumentTimestamp, timestampChain } from './sign';
import { parseTstInfo, type TimestampTransport } from './timestamp';
import { signatureEntries, type SignatureEntry } from './validate';

// PAdES B-LTA and its renewal (ETSI EN 319 142-1 §5.5): a DSS with the validation data of what is
// in the document, then a document timestamp over all of it. The timestamp is the last revision,
// so it covers the whole file; its own TSA chain's revocation data is gathered by the next renewal,
// which stamps again before that TSA certificate expires.

export interface ArchiveTimestampOptions {
  timestamp: TimestampTransport;
  revocation: RevocationTransports;
  /** Issuers the embedded certificates do not carry (e.g. the TSA's CA). */
  extraCertificates?: Uint8Array[];
  /**
   * 'complete': validation data for every signature and timestamp (the first archive timestamp);
   * 'renew': fresh validation data for the last document timestamp only, before its TSA
   * certificate expires.
   */
  mode: 'complete' | 'renew';
  /** Name of the new document timestamp's field. */
  fieldName: string;
  password?: string;
}

export interface ArchiveTimestampResult {
  pdf: Uint8Array;
  /** The time the new document timestamp states. */
  time: Date;
  /** When the new timestamp's TSA certificate expires: renew before then. */
  tsaCertificateNotAfter: Date;
}

/** End of the bytes a signature covers (0 when its ByteRange is unusable). */
function coveredEnd(entry: SignatureEntry): number {
  const [, , start = 0, length = 0] = entry.byteRange ?? [];
  return start + length;
}

/** The document timestamp over the most bytes, when the document holds one. */
function lastDocumentTimestamp(pdf: Uint8Array, password?: string): SignatureEntry | null {
  const doc = openForUpdate(pdf, password);
  try {
    const stamps = signatureEntries(doc).filter(
      (e) => e.contents && (e.type === 'DocTimeStamp' || e.subFilter === 'ETSI.RFC3161'),
    );
    return stamps.reduce<SignatureEntry | null>(
      (last, e) => (!last || coveredEnd(e) > coveredEnd(last) ? e : last),
      null,
    );
  } finally {
    doc.destroy();
  }
}

/**
 * Appends a DSS revision and a document timestamp (ETSI.RFC3161). Renewing a document that has no
 * document timestamp yet is PDF_FIELD_NOT_FOUND; failures of the TSA or of revocation are
 * PDF_TIMESTAMP_FAILED / PDF_REVOCATION_UNAVAILABLE, as for signatures: never a silent downgrade.
 */
export async function addArchiveTimestamp(
  pdf: Uint8Array,
  options: ArchiveTimestampOptions,
): Promise<ArchiveTimestampResult> {
  const { timestamp, revocation, extraCertificates = [], password } = options;
  let fieldNames: string[] | undefined;
  if (options.mode === 'renew') {
    const last = lastDocumentTimestamp(pdf, password);
    if (!last) throw new PdfError('PDF_FIELD_NOT_FOUND', 'the document has no document timestamp to renew');
    fieldNames = [last.fieldName];
  }
  const withData = await addValidationData(pdf, {
    revocation,
    extraCertificates,
    ...(fieldNames ? { fieldNames } : {}),
    password,
  });
  const stamped = await appendDocumentTimestamp(withData, {
    timestamp,
    extraCertificates,
    fieldName: options.fieldName,
    password,
  });
  const tsa = timestampChain(stamped.token, extraCertificates)[0]!;
  return {
    pdf: stamped.pdf,
    time: parseTstInfo(stamped.token).genTime,
    tsaCertificateNotAfter: tsa.notAfter,
  };
}
