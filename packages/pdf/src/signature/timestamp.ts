import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PdfError } from '../errors';
import { OID, sha256 } from './certificates';
import { parseCms } from './cms';
import { bytesEqual, derAlgorithm, derOctetString, derSequence, derSmallInteger, tlv } from './der';

/** Transport to an RFC 3161 timestamp authority: DER TimeStampReq in, DER TimeStampResp out. */
export type TimestampTransport = (timeStampRequestDer: Uint8Array) => Promise<Uint8Array>;

export interface TstInfo {
  genTime: Date;
  hashAlgorithm: string;
  hashedMessage: Uint8Array;
  nonce: string | null;
  serialHex: string;
}

/** DER INTEGER of unsigned big-endian bytes: minimal length (X.690 8.3.2), positive. */
export function positiveInteger(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const minimal = bytes.subarray(start);
  const body = (minimal[0] ?? 0) & 0x80 ? Uint8Array.of(0, ...minimal) : minimal;
  return tlv(0x02, body.length > 0 ? body : Uint8Array.of(0));
}

export function parseTstInfo(tokenDer: Uint8Array): TstInfo {
  const cms = parseCms(tokenDer);
  if (cms.signedData.encapContentInfo.eContentType !== OID.tstInfo || !cms.eContent) {
    throw new Error('the token does not hold a TSTInfo');
  }
  const tst = pkijs.TSTInfo.fromBER(cms.eContent);
  return {
    genTime: tst.genTime,
    hashAlgorithm: tst.messageImprint.hashAlgorithm.algorithmId,
    hashedMessage: new Uint8Array(tst.messageImprint.hashedMessage.valueBlock.valueHexView),
    nonce: tst.nonce
      ? Buffer.from(tst.nonce.valueBlock.valueHexView)
          .toString('hex')
          .replace(/^(00)+/, '')
      : null,
    serialHex: Buffer.from(tst.serialNumber.valueBlock.valueHexView).toString('hex'),
  };
}

/**
 * Obtains a timestamp token over `data` (SHA-256 imprint, nonce, certReq). Any failure — transport
 * error, rejection, a token for other data — is PDF_TIMESTAMP_FAILED: a caller asking for B-T never
 * silently receives less.
 */
export async function obtainTimestampToken(
  transport: TimestampTransport | undefined,
  data: Uint8Array,
): Promise<Uint8Array> {
  if (!transport) throw new PdfError('PDF_TIMESTAMP_FAILED', 'a timestamp is required but no TSA was given');
  const imprint = sha256(data);
  const nonce = randomBytes(8);
  const request = derSequence(
    derSmallInteger(1),
    derSequence(derAlgorithm(OID.sha256, true), derOctetString(imprint)),
    positiveInteger(nonce),
    Uint8Array.of(0x01, 0x01, 0xff), // certReq TRUE: the TSA certificate comes with the token
  );
  let responseDer: Uint8Array;
  try {
    responseDer = await transport(request);
  } catch (e) {
    throw new PdfError('PDF_TIMESTAMP_FAILED', `the timestamp authority failed: ${(e as Error).message}`);
  }
  try {
    const asn = asn1js.fromBER(responseDer);
    if (asn.offset === -1) throw new Error('the response is not DER');
    const items = (asn.result as asn1js.Sequence).valueBlock.value;
    const status = new pkijs.PKIStatusInfo({ schema: items[0] });
    if (status.status !== 0 && status.status !== 1) throw new Error(`status ${status.status}`);
    const token = items[1];
    if (!token) throw new Error('no token in a granted response');
    const tokenDer = new Uint8Array(token.valueBeforeDecodeView);
    const tst = parseTstInfo(tokenDer);
    const expectedNonce = Buffer.from(nonce)
      .toString('hex')
      .replace(/^(00)+/, '');
    if (tst.hashAlgorithm !== OID.sha256 || !bytesEqual(tst.hashedMessage, imprint)) {
      throw new Error('the token is for other data');
    }
    if (tst.nonce !== expectedNonce) throw new Error('the token answers another request (nonce)');
    return tokenDer;
  } catch (e) {
    if (e instanceof PdfError) throw e;
    throw new PdfError('PDF_TIMESTAMP_FAILED', `the timestamp response is unusable: ${(e as Error).message}`);
  }
}
