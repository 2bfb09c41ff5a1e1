import { PdfError } from '../errors';
import { runEngineTask } from '../document/worker-pool';
import {
  buildChain,
  parseCertificate,
  uniqueCertificates,
  verifyWithCertificate,
  type ParsedCertificate,
} from './certificates';
import {
  buildSignedAttributes,
  buildSignedData,
  findSignerCertificate,
  parseCms,
  timeStampTokenAttribute,
} from './cms';
import { bytesEqual } from './der';
import { writeValidationData, type ValidationDataUpdate } from './dss';
import { embedContents, openForUpdate, signedRanges, writeSignatureRevision } from './pdf-update';
import { digestRanges, prepareSignature, TIMESTAMP_TOKEN_RESERVE } from './prepare-signature';
import { gatherRevocation, type RevocationTransports, type ValidationMaterial } from './revocation';
import { obtainTimestampToken, type TimestampTransport } from './timestamp';
import type { CompleteSignatureOptions, PrepareSignatureOptions, PreparedSignature } from './types';
import { signatureEntries, type SignatureEntry } from './validate';

function contentsValue(pdf: Uint8Array, start: number, end: number): Uint8Array {
  return new Uint8Array(Buffer.from(new TextDecoder('latin1').decode(pdf.subarray(start, end)), 'hex'));
}

async function validationMaterial(
  chains: readonly ParsedCertificate[][],
  revocation: RevocationTransports | undefined,
): Promise<ValidationMaterial> {
  const merged: ValidationMaterial = { certificates: [], ocsps: [], crls: [] };
  for (const chain of chains) {
    const material = await gatherRevocation(chain, revocation);
    merged.certificates.push(...material.certificates);
    merged.ocsps.push(...material.ocsps);
    merged.crls.push(...material.crls);
  }
  return merged;
}

/** The TSA's chain from the token's own certificates plus any extra ones. */
export function timestampChain(tokenDer: Uint8Array, extra: readonly Uint8Array[]): ParsedCertificate[] {
  const cms = parseCms(tokenDer);
  const pool = uniqueCertificates([...cms.certificates, ...extra]);
  const signer = pool.find((c) => cms.certificates.some((d) => bytesEqual(d, c.der)));
  const sid = cms.signerInfo.sid;
  const tsa =
    pool.find((c) => {
      const serial =
        'serialNumber' in sid ? Buffer.from(sid.serialNumber.valueBlock.valueHexView).toString('hex') : '';
      return serial.replace(/^(00)+/, '') === c.serialHex.replace(/^(00)+/, '');
    }) ?? signer;
  if (!tsa) throw new PdfError('PDF_TIMESTAMP_FAILED', 'the timestamp token carries no TSA certificate');
  return buildChain(tsa, pool);
}

/**
 * prepareSignature in an engine worker, with its time and memory budget: the server's way, so that a
 * document that makes mupdf spin or grow cannot stall the API at signing time (PDF_RESOURCE_LIMIT).
 */
export function prepareSignatureInEngine(
  pdf: Uint8Array,
  options: PrepareSignatureOptions,
): Promise<PreparedSignature> {
  return runEngineTask('prepareSignature', [pdf, options]);
}

/**
 * Step 2: checks the signature value, embeds the CMS (with the signature timestamp from B-T on)
 * and, from B-LT on, appends the DSS with the chains' certificates and revocation data.
 */
export function completeSignature(
  prepared: PreparedSignature,
  options: CompleteSignatureOptions,
): Promise<Uint8Array> {
  return finishSignature(prepared, options, false);
}

/**
 * `fresh`: the prepared data was made in this call chain and is owned by it (signPdf), so the
 * document is neither hashed again nor copied before the signature is written into it.
 */
async function finishSignature(
  prepared: PreparedSignature,
  options: CompleteSignatureOptions,
  fresh: boolean,
): Promise<Uint8Array> {
  const signer = parseCertificate(prepared.signerCertificate);
  if (!fresh) {
    // The prepared data travelled through storage: it must still describe this document.
    const digest = digestRanges(prepared.preparedPdf, prepared.byteRange);
    const expectedAttributes = buildSignedAttributes(digest, signer);
    if (!bytesEqual(expectedAttributes, prepared.signedAttributesDer)) {
      throw new PdfError('PDF_SIGNATURE_VALUE_INVALID', 'the prepared signature does not match its document');
    }
  }
  if (!verifyWithCertificate(signer, prepared.signedAttributesDer, options.signatureValue)) {
    throw new PdfError(
      'PDF_SIGNATURE_VALUE_INVALID',
      'the signature value does not verify with the signer certificate',
    );
  }
  const extra = options.extraCertificates ?? [];
  const pool = uniqueCertificates([prepared.signerCertificate, ...prepared.certificateChain, ...extra]);
  const signerChain = buildChain(signer, pool);
  const unsignedAttributes: Uint8Array[] = [];
  let token: Uint8Array | null = null;
  if (options.level !== 'B-B') {
    token = await obtainTimestampToken(options.timestamp, options.signatureValue);
    unsignedAttributes.push(timeStampTokenAttribute(token));
  }
  const cms = buildSignedData({
    signedAttributesDer: prepared.signedAttributesDer,
    signatureValue: options.signatureValue,
    signer,
    certificates: uniqueCertificates([signer.der, ...prepared.certificateChain]).map((c) => c.der),
    unsignedAttributes,
  });
  const revision = {
    pdf: prepared.preparedPdf,
    byteRange: prepared.byteRange,
    contentsHexStart: prepared.contentsHexStart,
    contentsHexEnd: prepared.contentsHexEnd,
  };
  let pdf = embedContents(revision, cms, fresh);
  if (options.level === 'B-B' || options.level === 'B-T') return pdf;

  // Revocation first for every chain, so a failure leaves no half-written revision behind.
  const chains = [signerChain, ...(token ? [timestampChain(token, extra)] : [])];
  const material = await validationMaterial(chains, options.revocation);
  pdf = writeValidationData(pdf, {
    ...material,
    signatures: [contentsValue(pdf, prepared.contentsHexStart, prepared.contentsHexEnd)],
    password: options.password,
  });
  if (options.level === 'B-LT') return pdf;
  return addDocumentTimestamp(pdf, {
    timestamp: options.timestamp,
    revocation: options.revocation,
    extraCertificates: extra,
    password: options.password,
  });
}

export interface LocalSigner {
  /**
   * Signs for the signed attributes: `digest` is their SHA-256 (for hash-signing services),
   * `signedAttributesDer` the data itself (for keys that hash on their own).
   */
  sign(digest: Uint8Array, signedAttributesDer: Uint8Array): Promise<Uint8Array>;
}

export interface SignPdfOptions
  extends PrepareSignatureOptions, Omit<CompleteSignatureOptions, 'signatureValue'> {
  signer: LocalSigner;
}

/** Both steps with a key at hand (seals, platform AES). */
export async function signPdf(pdf: Uint8Array, options: SignPdfOptions): Promise<Uint8Array> {
  const prepared = prepareSignature(pdf, options);
  const signatureValue = await options.signer.sign(prepared.digestToSign, prepared.signedAttributesDer);
  return finishSignature(prepared, { ...options, signatureValue }, true);
}

export interface DocumentTimestampOptions {
  timestamp: TimestampTransport | undefined;
  /** With transports, the TSA chain's revocation data goes into a following DSS revision. */
  revocation?: RevocationTransports;
  extraCertificates?: Uint8Array[];
  fieldName?: string;
  password?: string;
}

/**
 * Appends an RFC 3161 document timestamp (SubFilter ETSI.RFC3161) in an invisible field and, when
 * revocation transports are given, a DSS revision for the TSA chain.
 */
export async function addDocumentTimestamp(
  pdf: Uint8Array,
  options: DocumentTimestampOptions,
): Promise<Uint8Array> {
  return (await appendDocumentTimestamp(pdf, options)).pdf;
}

/** addDocumentTimestamp, also answering the token it embedded (archive-timestamp.ts reads its TSA). */
export async function appendDocumentTimestamp(
  pdf: Uint8Array,
  options: DocumentTimestampOptions,
): Promise<{ pdf: Uint8Array; token: Uint8Array }> {
  const revision = writeSignatureRevision(pdf, {
    newFieldName: options.fieldName ?? `DocumentTimestamp-${Date.now().toString(36)}`,
    password: options.password,
    dictionary: { type: 'DocTimeStamp', subFilter: 'ETSI.RFC3161', contentsSize: TIMESTAMP_TOKEN_RESERVE },
  });
  const signedBytes = Buffer.concat(signedRanges(revision.pdf, revision.byteRange));
  const token = await obtainTimestampToken(options.timestamp, signedBytes);
  let out = embedContents(revision, token, true);
  if (options.revocation) {
    const material = await validationMaterial(
      [timestampChain(token, options.extraCertificates ?? [])],
      options.revocation,
    );
    out = writeValidationData(out, {
      ...material,
      signatures: [contentsValue(out, revision.contentsHexStart, revision.contentsHexEnd)],
      password: options.password,
    });
  }
  return { pdf: out, token };
}

export interface CollectValidationDataOptions {
  revocation: RevocationTransports;
  /** Issuers the embedded certificates do not carry (e.g. the TSA's CA). */
  extraCertificates?: Uint8Array[];
  /** Only these fields; default: every signature and document timestamp in the document. */
  fieldNames?: string[];
  password?: string;
}

/**
 * Appends a DSS revision. Given the material, writes it as is; given transports, gathers it for
 * the signatures already in the document — their signer chains and their timestamps' TSA chains,
 * OCSP first, CRL otherwise — e.g. to raise B-T signatures to B-LT or before an archive timestamp.
 * A certificate without evidence is PDF_REVOCATION_UNAVAILABLE.
 */
export async function addValidationData(
  pdf: Uint8Array,
  options: ValidationDataUpdate | CollectValidationDataOptions,
): Promise<Uint8Array> {
  if (!('revocation' in options)) return writeValidationData(pdf, options);
  const extra = options.extraCertificates ?? [];
  const doc = openForUpdate(pdf, options.password);
  let entries: SignatureEntry[];
  try {
    entries = signatureEntries(doc).filter(
      (e) => e.contents && (!options.fieldNames || options.fieldNames.includes(e.fieldName)),
    );
  } finally {
    doc.destroy();
  }
  const chains: ParsedCertificate[][] = [];
  const signatures: Uint8Array[] = [];
  for (const entry of entries) {
    const contents = entry.contents!;
    const der = contents.subarray(0, derLengthOf(contents));
    signatures.push(contents);
    if (entry.type === 'DocTimeStamp' || entry.subFilter === 'ETSI.RFC3161') {
      chains.push(timestampChain(der, extra));
      continue;
    }
    const cms = parseCms(der);
    const pool = [...cms.certificates, ...extra];
    const signer = findSignerCertificate(cms, pool);
    if (!signer)
      throw new PdfError('PDF_REVOCATION_UNAVAILABLE', `no signer certificate in "${entry.fieldName}"`);
    chains.push(buildChain(signer, uniqueCertificates(pool)));
    for (const token of cms.timeStampTokens) chains.push(timestampChain(token, extra));
  }
  const material = await validationMaterial(chains, options.revocation);
  return writeValidationData(pdf, { ...material, signatures, password: options.password });
}

/** Length of the DER element at the start of `bytes` (the /Contents value is zero-padded). */
function derLengthOf(bytes: Uint8Array): number {
  const first = bytes[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + (bytes[2 + i] ?? 0);
  return 2 + count + length;
}
