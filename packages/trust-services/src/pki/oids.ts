/** Object identifiers used by the sandbox PKI (X.509, PKIX, ETSI EN 319 412-5, RFC 3161/6960). */
export const oid = {
  // Attribute types (X.520 / PKCS#9)
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  givenName: '2.5.4.42',
  emailAddress: '1.2.840.113549.1.9.1',
  // Certificate extensions
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  crlNumber: '2.5.29.20',
  crlReason: '2.5.29.21',
  crlDistributionPoints: '2.5.29.31',
  certificatePolicies: '2.5.29.32',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  qcStatements: '1.3.6.1.5.5.7.1.3',
  ocspNoCheck: '1.3.6.1.5.5.7.48.1.5',
  // Access methods, key purposes, qualifiers
  adOcsp: '1.3.6.1.5.5.7.48.1',
  adCaIssuers: '1.3.6.1.5.5.7.48.2',
  kpTimeStamping: '1.3.6.1.5.5.7.3.8',
  kpOcspSigning: '1.3.6.1.5.5.7.3.9',
  kpEmailProtection: '1.3.6.1.5.5.7.3.4',
  qtUserNotice: '1.3.6.1.5.5.7.2.2',
  // ETSI EN 319 412-5 QC statements and EN 319 411-2 policies
  qcsQcCompliance: '0.4.0.1862.1.1',
  qcsQcSscd: '0.4.0.1862.1.4',
  qcsQcType: '0.4.0.1862.1.6',
  qcTypeEsign: '0.4.0.1862.1.6.1',
  qcTypeEseal: '0.4.0.1862.1.6.2',
  policyQcpNaturalQscd: '0.4.0.194112.1.2',
  policyQcpLegalQscd: '0.4.0.194112.1.3',
  // Signet sandbox policies live under the ITU-T/ISO "example" arc 2.999 on purpose: they identify
  // nothing outside the sandbox and can never collide with a real policy.
  sandboxCertificatePolicy: '2.999.1.1',
  sandboxTsaPolicy: '2.999.1.2',
  // CMS / TSP / OCSP
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  ctTstInfo: '1.2.840.113549.1.9.16.1.4',
  signedData: '1.2.840.113549.1.7.2',
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',
  // Algorithms
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
} as const;

/** Hash algorithms the sandbox accepts, by OID, with the node:crypto name and digest length. */
export const hashAlgorithms: Readonly<
  Record<string, { name: 'sha1' | 'sha256' | 'sha384' | 'sha512'; length: number }>
> = {
  [oid.sha1]: { name: 'sha1', length: 20 },
  [oid.sha256]: { name: 'sha256', length: 32 },
  [oid.sha384]: { name: 'sha384', length: 48 },
  [oid.sha512]: { name: 'sha512', length: 64 },
};
