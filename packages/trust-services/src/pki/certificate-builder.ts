import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { cryptoEngine, keyIdentifier, signTbs, type CryptoKey } from './keys.js';
import { oid } from './oids.js';
import { toArrayBuffer } from './pem.js';

export type NameAttribute = readonly [type: string, value: string];

/** Attribute types X.520 says are PrintableString; the rest are encoded as UTF8String. */
const printableTypes = new Set<string>([oid.country, oid.serialNumber]);

function buildName(attributes: readonly NameAttribute[]): pkijs.RelativeDistinguishedNames {
  // PKI.js would put all attributes into one multi-valued RDN; a Name has one RDN per attribute, so the
  // DER is built here and parsed back (PKI.js then re-emits exactly these bytes).
  const name = new asn1js.Sequence({
    value: attributes.map(
      ([type, value]) =>
        new asn1js.Set({
          value: [
            new pkijs.AttributeTypeAndValue({
              type,
              value:
                type === oid.emailAddress
                  ? new asn1js.IA5String({ value })
                  : printableTypes.has(type)
                    ? new asn1js.PrintableString({ value })
                    : new asn1js.Utf8String({ value }),
            }).toSchema(),
          ],
        }),
    ),
  });
  return pkijs.RelativeDistinguishedNames.fromBER(name.toBER(false));
}

/** A readable one-line form of a name (RFC 4514 order), for registries, logs and the CSC API. */
export function describeName(name: pkijs.RelativeDistinguishedNames): string {
  const short: Record<string, string> = {
    [oid.commonName]: 'CN',
    [oid.surname]: 'SN',
    [oid.serialNumber]: 'serialNumber',
    [oid.country]: 'C',
    [oid.organization]: 'O',
    [oid.organizationalUnit]: 'OU',
    [oid.givenName]: 'GN',
    [oid.emailAddress]: 'emailAddress',
  };
  return [...name.typesAndValues]
    .reverse()
    .map((tv) => `${short[tv.type] ?? tv.type}=${String(tv.value.valueBlock.value)}`)
    .join(', ');
}

/** Serial numbers are 16 random octets with the top bit clear: positive, unique, unguessable (CA/B BR style). */
export function randomSerial(): Uint8Array {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x01;
  return new Uint8Array(bytes);
}

/** Canonical lower-case hex of a serial number without leading zero octets, as the registry keys it. */
export function normalizeSerialHex(hex: string): string {
  const clean = hex.replace(/[^0-9a-fA-F]/g, '');
  if (clean === '') throw new RangeError('serial number must be hex');
  const text = BigInt(`0x${clean}`).toString(16);
  return text.length % 2 === 0 ? text : `0${text}`;
}

export function serialHexOf(serial: asn1js.Integer): string {
  return normalizeSerialHex(Buffer.from(serial.valueBlock.valueHexView).toString('hex'));
}

type KeyUsageBit =
  | 'digitalSignature'
  | 'nonRepudiation'
  | 'keyEncipherment'
  | 'dataEncipherment'
  | 'keyAgreement'
  | 'keyCertSign'
  | 'cRLSign';

const keyUsageBitIndex: Record<KeyUsageBit, number> = {
  digitalSignature: 0,
  nonRepudiation: 1,
  keyEncipherment: 2,
  dataEncipherment: 3,
  keyAgreement: 4,
  keyCertSign: 5,
  cRLSign: 6,
};

/** A DER named-bit-list BIT STRING (key usage, PKIFailureInfo): trailing zero bits dropped (X.690 §11.2.2). */
export function namedBitString(indices: readonly number[]): asn1js.BitString {
  const highest = Math.max(...indices);
  const bytes = new Uint8Array(Math.floor(highest / 8) + 1);
  for (const index of indices) bytes[index >> 3] = (bytes[index >> 3] ?? 0) | (0x80 >> (index & 7));
  return new asn1js.BitString({ valueHex: toArrayBuffer(bytes), unusedBits: 7 - (highest % 8) });
}

/** An X.509 extension (of a certificate, a CRL or a CRL entry) holding the DER of `value`. */
export function extension(extnID: string, critical: boolean, value: asn1js.BaseBlock): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
}

/** Names the issuer's key by its identifier (RFC 5280 §4.2.1.1), in its certificates and CRLs. */
export function authorityKeyIdentifierExtension(authorityKeyId: Uint8Array): pkijs.Extension {
  return extension(
    oid.authorityKeyIdentifier,
    false,
    new pkijs.AuthorityKeyIdentifier({
      keyIdentifier: new asn1js.OctetString({ valueHex: toArrayBuffer(authorityKeyId) }),
    }).toSchema(),
  );
}

/** pkijs.Time picks UTCTime, which RFC 5280 only allows up to 2049. */
function certificateTime(date: Date): pkijs.Time {
  return new pkijs.Time({
    type: date.getUTCFullYear() >= 2050 ? pkijs.TimeType.GeneralizedTime : pkijs.TimeType.UTCTime,
    value: date,
  });
}

interface RevocationPointers {
  /** OCSP responder URL (AIA id-ad-ocsp). */
  ocspUrl: string;
  /** Where the issuer's certificate can be fetched (AIA id-ad-caIssuers). */
  caIssuersUrl: string;
  /** The issuer's CRL (CRL distribution point). */
  crlUrl: string;
}

export interface CertificateTemplate {
  subject: readonly NameAttribute[];
  subjectPublicKey: CryptoKey;
  /** Absent for a self-signed root. */
  issuer?: { certificate: pkijs.Certificate };
  signingKey: CryptoKey;
  notBefore: Date;
  notAfter: Date;
  /** Present for CA certificates. */
  ca?: { pathLength?: number };
  keyUsage: readonly KeyUsageBit[];
  extendedKeyUsage?: { purposes: readonly string[]; critical: boolean };
  revocation?: RevocationPointers;
  /** Certificate policies; each may carry a user notice that relying parties display. */
  policies: readonly { oid: string; notice?: string }[];
  qualified?: { type: 'esign' | 'eseal' };
  ocspNoCheck?: boolean;
  email?: string;
}

export async function buildCertificate(template: CertificateTemplate): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ valueHex: toArrayBuffer(randomSerial()) });
  const subject = buildName(template.subject);
  certificate.subject = subject;
  certificate.issuer = template.issuer ? template.issuer.certificate.subject : subject;
  certificate.notBefore = certificateTime(template.notBefore);
  certificate.notAfter = certificateTime(template.notAfter);
  await certificate.subjectPublicKeyInfo.importKey(template.subjectPublicKey, cryptoEngine);

  const subjectKeyId = keyIdentifier(certificate.subjectPublicKeyInfo);
  const authorityKeyId = template.issuer
    ? keyIdentifier(template.issuer.certificate.subjectPublicKeyInfo)
    : subjectKeyId;

  const extensions: pkijs.Extension[] = [
    extension(
      oid.basicConstraints,
      true,
      new pkijs.BasicConstraints(
        template.ca
          ? template.ca.pathLength === undefined
            ? { cA: true }
            : { cA: true, pathLenConstraint: template.ca.pathLength }
          : {},
      ).toSchema(),
    ),
    extension(oid.keyUsage, true, namedBitString(template.keyUsage.map((bit) => keyUsageBitIndex[bit]))),
    extension(
      oid.subjectKeyIdentifier,
      false,
      new asn1js.OctetString({ valueHex: toArrayBuffer(subjectKeyId) }),
    ),
    authorityKeyIdentifierExtension(authorityKeyId),
  ];
  if (template.extendedKeyUsage) {
    extensions.push(
      extension(
        oid.extKeyUsage,
        template.extendedKeyUsage.critical,
        new pkijs.ExtKeyUsage({ keyPurposes: [...template.extendedKeyUsage.purposes] }).toSchema(),
      ),
    );
  }
  if (template.email) {
    extensions.push(
      extension(
        oid.subjectAltName,
        false,
        new pkijs.GeneralNames({
          names: [new pkijs.GeneralName({ type: 1, value: template.email })],
        }).toSchema(),
      ),
    );
  }
  if (template.revocation) {
    const uri = (value: string) => new pkijs.GeneralName({ type: 6, value });
    extensions.push(
      extension(
        oid.authorityInfoAccess,
        false,
        new pkijs.InfoAccess({
          accessDescriptions: [
            new pkijs.AccessDescription({
              accessMethod: oid.adOcsp,
              accessLocation: uri(template.revocation.ocspUrl),
            }),
            new pkijs.AccessDescription({
              accessMethod: oid.adCaIssuers,
              accessLocation: uri(template.revocation.caIssuersUrl),
            }),
          ],
        }).toSchema(),
      ),
      extension(
        oid.crlDistributionPoints,
        false,
        new pkijs.CRLDistributionPoints({
          distributionPoints: [
            new pkijs.DistributionPoint({ distributionPoint: [uri(template.revocation.crlUrl)] }),
          ],
        }).toSchema(),
      ),
    );
  }
  if (template.policies.length > 0) {
    extensions.push(
      extension(
        oid.certificatePolicies,
        false,
        new pkijs.CertificatePolicies({
          certificatePolicies: template.policies.map(
            (policy) =>
              new pkijs.PolicyInformation({
                policyIdentifier: policy.oid,
                ...(policy.notice
                  ? {
                      policyQualifiers: [
                        new pkijs.PolicyQualifierInfo({
                          policyQualifierId: oid.qtUserNotice,
                          // UserNotice ::= SEQUENCE { noticeRef OPTIONAL, explicitText DisplayText OPTIONAL }
                          qualifier: new asn1js.Sequence({
                            value: [new asn1js.Utf8String({ value: policy.notice })],
                          }),
                        }),
                      ],
                    }
                  : {}),
              }),
          ),
        }).toSchema(),
      ),
    );
  }
  if (template.qualified) {
    // ETSI EN 319 412-5: EU qualified certificate, key in a QSCD, and whether it is for e-signatures or e-seals.
    extensions.push(
      extension(
        oid.qcStatements,
        false,
        new asn1js.Sequence({
          value: [
            new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid.qcsQcCompliance })] }),
            new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid.qcsQcSscd })] }),
            new asn1js.Sequence({
              value: [
                new asn1js.ObjectIdentifier({ value: oid.qcsQcType }),
                new asn1js.Sequence({
                  value: [
                    new asn1js.ObjectIdentifier({
                      value: template.qualified.type === 'esign' ? oid.qcTypeEsign : oid.qcTypeEseal,
                    }),
                  ],
                }),
              ],
            }),
          ],
        }),
      ),
    );
  }
  if (template.ocspNoCheck) extensions.push(extension(oid.ocspNoCheck, false, new asn1js.Null()));

  certificate.extensions = extensions;
  await signTbs(certificate, template.signingKey);
  return certificate;
}

export function certificateDer(certificate: pkijs.Certificate): Uint8Array {
  return new Uint8Array(certificate.toSchema(true).toBER(false));
}

export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(toArrayBuffer(der));
}
