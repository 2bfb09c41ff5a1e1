import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, parseCertificate, sha256, signatureAlgorithmDer, type ParsedCertificate } from './certificates';
import { derAlgorithm, derOctetString, derOid, derSequence, derSetOf, derSmallInteger, tlv } from './der';

const attribute = (oid: string, ...values: Uint8Array[]): Uint8Array =>
  derSequence(derOid(oid), derSetOf(values));

/**
 * The CAdES baseline signed attributes as the DER SET that is hashed and signed: content-type,
 * message-digest and signing-certificate-v2. No signing-time: PAdES puts the claimed time in /M.
 */
export function buildSignedAttributes(contentDigest: Uint8Array, signer: ParsedCertificate): Uint8Array {
  // ESSCertIDv2 with the default hash (SHA-256, so the AlgorithmIdentifier is omitted) and the
  // IssuerSerial that binds the hash to one issuer's certificate.
  const issuerSerial = derSequence(derSequence(tlv(0xa4, signer.issuerNameDer)), signer.serialDer);
  const essCertIdV2 = derSequence(derOctetString(sha256(signer.der)), issuerSerial);
  return derSetOf([
    attribute(OID.contentType, derOid(OID.data)),
    attribute(OID.messageDigest, derOctetString(contentDigest)),
    attribute(OID.signingCertificateV2, derSequence(derSequence(essCertIdV2))),
  ]);
}

export function timeStampTokenAttribute(tokenDer: Uint8Array): Uint8Array {
  return attribute(OID.timeStampToken, tokenDer);
}

export interface SignedDataParts {
  /** The DER SET (tag 0x31) of the signed attributes, exactly as signed. */
  signedAttributesDer: Uint8Array;
  signatureValue: Uint8Array;
  signer: ParsedCertificate;
  /** Certificates to embed (the signer's included), in order, without duplicates. */
  certificates: readonly Uint8Array[];
  /** Encoded Attribute structures for unsignedAttrs, e.g. the signature timestamp. */
  unsignedAttributes?: readonly Uint8Array[];
}

/** ContentInfo(SignedData) for a detached CAdES signature. */
export function buildSignedData(parts: SignedDataParts): Uint8Array {
  const { signer } = parts;
  const signedAttrs = new Uint8Array(parts.signedAttributesDer);
  signedAttrs[0] = 0xa0; // [0] IMPLICIT in SignerInfo; the signed form is the SET.
  const unsigned =
    parts.unsignedAttributes && parts.unsignedAttributes.length > 0
      ? [tlv(0xa1, ...parts.unsignedAttributes)]
      : [];
  const signerInfo = derSequence(
    derSmallInteger(1),
    derSequence(signer.issuerNameDer, signer.serialDer),
    derAlgorithm(OID.sha256, false),
    signedAttrs,
    signatureAlgorithmDer(signer),
    derOctetString(parts.signatureValue),
    ...unsigned,
  );
  const signedData = derSequence(
    derSmallInteger(1),
    derSetOf([derAlgorithm(OID.sha256, false)]),
    derSequence(derOid(OID.data)),
    tlv(0xa0, ...parts.certificates),
    derSetOf([signerInfo]),
  );
  return derSequence(derOid(OID.signedData), tlv(0xa0, signedData));
}

/** What the validator reads out of a CMS signature. */
export interface ParsedCms {
  signedData: pkijs.SignedData;
  signerInfo: pkijs.SignerInfo;
  certificates: Uint8Array[];
  /** Signed attributes re-tagged as SET, null when the signer signed the content directly. */
  signedAttributesDer: Uint8Array | null;
  signatureValue: Uint8Array;
  digestAlgorithm: string;
  messageDigest: Uint8Array | null;
  /** certHash values of signing-certificate-v2 (SHA-256 unless another algorithm is named). */
  signingCertificateV2: { hashAlgorithm: string; hash: Uint8Array }[] | null;
  timeStampTokens: Uint8Array[];
  /** Encapsulated content (timestamp tokens carry TSTInfo here). */
  eContent: Uint8Array | null;
}

function attributeValues(
  attrs: pkijs.SignedAndUnsignedAttributes | undefined,
  oid: string,
): asn1js.AsnType[] {
  return attrs?.attributes.find((a) => a.type === oid)?.values ?? [];
}

export function parseCms(der: Uint8Array): ParsedCms {
  const asn = asn1js.fromBER(der);
  if (asn.offset === -1) throw new Error('the signature is not BER/DER');
  const contentInfo = new pkijs.ContentInfo({ schema: asn.result });
  if (contentInfo.contentType !== OID.signedData) throw new Error('the CMS is not SignedData');
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo || signedData.signerInfos.length !== 1) throw new Error('expected exactly one SignerInfo');
  const certificates = (signedData.certificates ?? [])
    .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
    .map((c) => new Uint8Array(c.toSchema().toBER()));
  let signedAttributesDer: Uint8Array | null = null;
  if (signerInfo.signedAttrs) {
    signedAttributesDer = new Uint8Array(signerInfo.signedAttrs.encodedValue);
    signedAttributesDer[0] = 0x31;
  }
  const digestValue = attributeValues(signerInfo.signedAttrs, OID.messageDigest)[0];
  const messageDigest =
    digestValue instanceof asn1js.OctetString ? new Uint8Array(digestValue.valueBlock.valueHexView) : null;
  let signingCertificateV2: ParsedCms['signingCertificateV2'] = null;
  const scv2 = attributeValues(signerInfo.signedAttrs, OID.signingCertificateV2)[0];
  if (scv2) {
    const certs = (scv2 as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence | undefined;
    signingCertificateV2 = (certs?.valueBlock.value ?? []).map((id) => {
      const items = (id as asn1js.Sequence).valueBlock.value;
      const algorithm = items[0] instanceof asn1js.Sequence ? items[0] : null;
      const hash = items[algorithm ? 1 : 0] as asn1js.OctetString;
      const hashAlgorithm = algorithm
        ? String((algorithm.valueBlock.value[0] as asn1js.ObjectIdentifier).valueBlock.toString())
        : OID.sha256;
      return { hashAlgorithm, hash: new Uint8Array(hash.valueBlock.valueHexView) };
    });
  }
  const timeStampTokens = attributeValues(signerInfo.unsignedAttrs, OID.timeStampToken).map(
    (v) => new Uint8Array(v.valueBeforeDecodeView),
  );
  const eContentBlock = signedData.encapContentInfo.eContent;
  return {
    signedData,
    signerInfo,
    certificates,
    signedAttributesDer,
    signatureValue: new Uint8Array(signerInfo.signature.valueBlock.valueHexView),
    digestAlgorithm: signerInfo.digestAlgorithm.algorithmId,
    messageDigest,
    signingCertificateV2,
    timeStampTokens,
    eContent: eContentBlock ? octetStringContent(eContentBlock) : null,
  };
}

/** Content of an OCTET STRING, joining the pieces of a constructed (BER) one. */
function octetStringContent(block: asn1js.OctetString): Uint8Array {
  if (!block.idBlock.isConstructed) return new Uint8Array(block.valueBlock.valueHexView);
  const pieces = block.valueBlock.value.map(
    (p) => new Uint8Array((p as asn1js.OctetString).valueBlock.valueHexView),
  );
  return Uint8Array.from(pieces.flatMap((p) => [...p]));
}

/** The certificate the SignerInfo names (issuer+serial or subject key identifier), from a pool. */
export function findSignerCertificate(cms: ParsedCms, pool: readonly Uint8Array[]): ParsedCertificate | null {
  const sid = cms.signerInfo.sid;
  for (const der of pool) {
    let cert: ParsedCertificate;
    try {
      cert = parseCertificate(der);
    } catch {
      continue;
    }
    if (sid instanceof pkijs.IssuerAndSerialNumber) {
      const serial = Buffer.from(sid.serialNumber.valueBlock.valueHexView)
        .toString('hex')
        .replace(/^(00)+/, '');
      const certSerial = cert.serialHex.replace(/^(00)+/, '');
      const issuerDer = new Uint8Array(sid.issuer.toSchema().toBER());
      if (serial === certSerial && Buffer.from(issuerDer).equals(Buffer.from(cert.issuerNameDer)))
        return cert;
    } else if (sid instanceof asn1js.OctetString) {
      const skiHex = subjectKeyIdentifierHex(cert);
      if (skiHex !== null && skiHex === Buffer.from(sid.valueBlock.valueHexView).toString('hex')) return cert;
    }
  }
  return null;
}

function subjectKeyIdentifierHex(cert: ParsedCertificate): string | null {
  const parsed = new pkijs.Certificate({ schema: asn1js.fromBER(cert.der).result });
  const ext = parsed.extensions?.find((e) => e.extnID === '2.5.29.14');
  if (!ext || !(ext.parsedValue instanceof asn1js.OctetString)) return null;
  return Buffer.from(ext.parsedValue.valueBlock.valueHexView).toString('hex');
}
