import { join } from 'node:path';
import type * as pkijs from 'pkijs';
import type { Clock } from '../control/clock.js';
import {
  buildCertificate,
  certificateDer,
  describeName,
  parseCertificate,
  serialHexOf,
  type CertificateTemplate,
  type NameAttribute,
} from './certificate-builder.js';
import { openIssuedRegistry, type IssuedRegistry } from './issued-registry.js';
import {
  type CryptoKey,
  exportPrivateKeyPem,
  generateKeyPair,
  importPrivateKeyPem,
  importPublicKeySpki,
  publicKeyFromPrivate,
} from './keys.js';
import { oid } from './oids.js';
import { fromPem, toPem } from './pem.js';
import { readFileIfExists, stateDir, withFileLock, writeFileAtomic } from './state-files.js';

export type Legislation = 'eidas' | 'zertes';
export type CertificateProfile = 'aes' | 'qes' | 'seal';
export type CaId = `${Legislation}-root` | `${Legislation}-${CertificateProfile}`;

export const legislations: readonly Legislation[] = ['eidas', 'zertes'];
export const certificateProfiles: readonly CertificateProfile[] = ['aes', 'qes', 'seal'];
export const caIds: readonly CaId[] = legislations.flatMap((l) => [
  `${l}-root` as const,
  ...certificateProfiles.map((p) => `${l}-${p}` as const),
]);

/** Text every sandbox certificate carries in its policy user notice. */
export const simulatedNotice = 'SIMULATED certificate of the Signet sandbox - not legally binding';
const simulatedOrganization = 'Signet SIMULATED - not legally binding';

/** A certificate with its private key, as the sandbox holds it. */
export interface SandboxCredential {
  id: string;
  certificate: pkijs.Certificate;
  certificateDer: Uint8Array;
  certificatePem: string;
  privateKey: CryptoKey;
  serialHex: string;
  /** This certificate, then its issuers up to and including the root (DER). */
  chainDer: Uint8Array[];
}

export interface CertificateAuthority extends SandboxCredential {
  id: CaId;
  legislation: Legislation;
  kind: 'root' | CertificateProfile;
  crlUrl: string;
}

export interface EndEntitySubject {
  commonName: string;
  givenName?: string;
  surname?: string;
  email?: string;
  organization?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** X.520 serialNumber of the subject, e.g. the identification reference. */
  serialNumber?: string;
}

export interface IssueEndEntityRequest {
  subject: EndEntitySubject;
  profile: CertificateProfile;
  legislation: Legislation;
  validityMinutes: number;
  /** The subject's public key (CryptoKey or SPKI DER); without it the sandbox generates a key pair. */
  publicKey?: CryptoKey | Uint8Array;
  /** Seals are qualified (QC statements, QCP-l-qscd) unless this asks for an advanced seal. */
  advancedSeal?: boolean;
}

export interface IssuedEndEntity {
  certificate: pkijs.Certificate;
  certificateDer: Uint8Array;
  certificatePem: string;
  serialHex: string;
  issuerId: CaId;
  /** This certificate, then its issuers up to and including the root (DER). */
  chainDer: Uint8Array[];
  /** Only when the sandbox generated the key pair. */
  privateKey?: CryptoKey;
  privateKeyPem?: string;
}

export interface SandboxPki {
  dataDir: string;
  publicBaseUrl: string;
  clock: Clock;
  authorities: ReadonlyMap<CaId, CertificateAuthority>;
  authority(id: CaId): CertificateAuthority;
  issuingCa(legislation: Legislation, profile: CertificateProfile): CertificateAuthority;
  /** The RFC 3161 time-stamping unit (EKU timeStamping, critical). */
  tsa: SandboxCredential;
  /**
   * The delegated OCSP responder of a CA (EKU OCSPSigning, id-pkix-ocsp-nocheck), each with its own
   * key: validators find a responder's certificate by the key hash in the response's ResponderID.
   */
  ocspResponder(caId: CaId): SandboxCredential;
  /** The platform's own AES signing credential per legislation, for SES/AES signatures of account holders. */
  platform: Readonly<Record<Legislation, SandboxCredential>>;
  issued: IssuedRegistry;
  issueEndEntity(request: IssueEndEntityRequest): Promise<IssuedEndEntity>;
  /** Every root and issuing CA certificate, as one PEM bundle (a trust list for validators). */
  trustListPem(): string;
}

export interface LoadOrCreatePkiOptions {
  /** Absolute URL under which the sandbox is served (e.g. http://localhost:3000/sandbox); used in AIA/CDP. */
  publicBaseUrl?: string;
  clock?: Clock;
}

/** Where the PKI keeps its private keys inside the state dir (seedSandboxKeys copies this folder). */
export const pkiKeysFolder = 'keys';

export const defaultPublicBaseUrl = 'http://localhost:3000/sandbox';

const systemClock: Clock = { now: () => new Date() };
const minute = 60_000;
const year = 365 * 24 * 60 * minute;
const renewBeforeMs = 30 * 24 * 60 * minute;

interface Manifest {
  format: 1;
  publicBaseUrl: string;
  createdAt: string;
}

const legislationLabel: Record<Legislation, string> = { eidas: 'eIDAS', zertes: 'ZertES' };
const profileLabel: Record<CertificateProfile, string> = { aes: 'AES', qes: 'Qualified', seal: 'Seal' };

type ResponderKeyId = `ocsp-${CaId}`;
type KeyId = CaId | ResponderKeyId | 'tsa' | 'platform-eidas' | 'platform-zertes';
const responderKeyId = (caId: CaId): ResponderKeyId => `ocsp-${caId}`;
/** Key files: the CAs', the TSA's, one per OCSP responder, the platform signers'. */
const keyIds: readonly KeyId[] = [
  ...caIds,
  'tsa',
  ...caIds.map(responderKeyId),
  'platform-eidas',
  'platform-zertes',
];
/**
 * Responder keys a data dir made before each responder had its own (they shared "ocsp") lacks:
 * they are generated on load, and their responders' certificates re-issued.
 */
const isResponderKey = (id: KeyId): id is ResponderKeyId => id.startsWith('ocsp-');

function caSubject(id: CaId): NameAttribute[] {
  const [legislation, kind] = id.split('-') as [Legislation, 'root' | CertificateProfile];
  const cn =
    kind === 'root'
      ? `Signet SIMULATED Root CA - ${legislationLabel[legislation]}`
      : `Signet SIMULATED ${profileLabel[kind]} CA - ${legislationLabel[legislation]}`;
  return [
    ...(legislation === 'zertes' ? ([[oid.country, 'CH']] as const) : []),
    [oid.organization, simulatedOrganization],
    [oid.commonName, cn],
  ];
}

/**
 * Creates the sandbox CA hierarchy on first use and reloads it afterwards, from `<dataDir>/trust-services/`.
 *
 * Keys never depend on `publicBaseUrl`. Root certificates carry no URLs, so they never change; every other
 * certificate of the hierarchy names OCSP/CRL/caIssuers URLs and is re-issued (same key, same subject, new
 * serial) when the PKI is loaded with a different base URL. Chains built with the old ones stay valid.
 */
export async function loadOrCreatePki(
  dataDir: string,
  options: LoadOrCreatePkiOptions = {},
): Promise<SandboxPki> {
  return withFileLock(join(stateDir(dataDir), 'pki.lock'), () => loadOrCreateLocked(dataDir, options));
}

async function loadOrCreateLocked(dataDir: string, options: LoadOrCreatePkiOptions): Promise<SandboxPki> {
  const clock = options.clock ?? systemClock;
  const publicBaseUrl = (options.publicBaseUrl ?? defaultPublicBaseUrl).replace(/\/+$/, '');
  const dir = stateDir(dataDir);
  const manifestPath = join(dir, 'pki.json');
  const keyPath = (id: string) => join(dir, pkiKeysFolder, `${id}.pem`);
  const certPath = (id: string) => join(dir, 'certs', `${id}.pem`);
  const issued = await openIssuedRegistry(dataDir);

  const manifestText = await readFileIfExists(manifestPath);
  const manifest = manifestText ? (JSON.parse(manifestText) as Manifest) : null;

  // Keys: load those present, generate the rest (in parallel: WebCrypto runs them on the thread pool).
  // Before the manifest exists, key files may have been placed there on purpose (seedSandboxKeys).
  const privateKeys = new Map<KeyId, CryptoKey>();
  const newKeys = new Set<KeyId>();
  await Promise.all(
    keyIds.map(async (id) => {
      const pem = await readFileIfExists(keyPath(id));
      if (pem) privateKeys.set(id, await importPrivateKeyPem(pem));
      else if (manifest && !isResponderKey(id)) throw new Error(`sandbox PKI key ${id} is missing in ${dir}`);
      else {
        const pair = await generateKeyPair();
        privateKeys.set(id, pair.privateKey);
        newKeys.add(id);
        await writeFileAtomic(keyPath(id), await exportPrivateKeyPem(pair.privateKey));
      }
    }),
  );
  const keyOf = (id: KeyId): CryptoKey => privateKeys.get(id)!;
  const publicKeys = new Map<KeyId, CryptoKey>();
  for (const id of keyIds) publicKeys.set(id, await publicKeyFromPrivate(keyOf(id)));

  const reissue = !manifest || manifest.publicBaseUrl !== publicBaseUrl;
  const now = clock.now();
  const pointersFor = (issuerId: CaId) => ({
    ocspUrl: `${publicBaseUrl}/ocsp`,
    caIssuersUrl: `${publicBaseUrl}/ca/${issuerId}.cer`,
    crlUrl: `${publicBaseUrl}/crl/${issuerId}.crl`,
  });
  const policies = [{ oid: oid.sandboxCertificatePolicy, notice: simulatedNotice }];

  const certificates = new Map<string, pkijs.Certificate>();
  /** Issues (and registers and stores) or loads one infrastructure certificate. */
  const obtain = async (
    certId: string,
    fresh: boolean,
    template: () => Omit<CertificateTemplate, 'signingKey' | 'notBefore'> & { issuerId?: CaId },
  ): Promise<void> => {
    const stored = fresh ? null : await readFileIfExists(certPath(certId));
    if (stored) {
      const der = fromPem(stored, 'CERTIFICATE')[0];
      if (!der) throw new Error(`sandbox PKI certificate ${certId} is unreadable`);
      const certificate = parseCertificate(der);
      // A long-lived data dir renews what is about to expire (same key and name, so chains still hold).
      if (certificate.notAfter.value.getTime() - now.getTime() > renewBeforeMs) {
        certificates.set(certId, certificate);
        return;
      }
    }
    const { issuerId, ...rest } = template();
    const issuer = issuerId ? certificates.get(issuerId) : undefined;
    const certificate = await buildCertificate({
      ...rest,
      ...(issuer ? { issuer: { certificate: issuer } } : {}),
      signingKey: keyOf(issuerId ?? (certId as KeyId)),
      notBefore: new Date(now.getTime() - 60 * minute),
    });
    certificates.set(certId, certificate);
    await issued.add({
      serialHex: serialHexOf(certificate.serialNumber),
      issuerId: issuerId ?? certId,
      subject: describeName(certificate.subject),
      notAfter: certificate.notAfter.value.toISOString(),
      issuedAt: now.toISOString(),
    });
    await writeFileAtomic(certPath(certId), toPem('CERTIFICATE', certificateDer(certificate)));
  };

  for (const legislation of legislations) {
    const rootId = `${legislation}-root` as const;
    await obtain(rootId, !manifest, () => ({
      subject: caSubject(rootId),
      subjectPublicKey: publicKeys.get(rootId)!,
      notAfter: new Date(now.getTime() + 20 * year),
      ca: {},
      keyUsage: ['keyCertSign', 'cRLSign'],
      policies: [],
    }));
    for (const profile of certificateProfiles) {
      const id = `${legislation}-${profile}` as const;
      await obtain(id, reissue, () => ({
        issuerId: rootId,
        subject: caSubject(id),
        subjectPublicKey: publicKeys.get(id)!,
        notAfter: new Date(now.getTime() + 10 * year),
        ca: { pathLength: 0 },
        keyUsage: ['keyCertSign', 'cRLSign'],
        revocation: pointersFor(rootId),
        policies,
      }));
    }
  }
  await obtain('tsa', reissue, () => ({
    issuerId: 'eidas-root',
    subject: [
      [oid.organization, simulatedOrganization],
      [oid.commonName, 'Signet SIMULATED Time-Stamping Authority'],
    ],
    subjectPublicKey: publicKeys.get('tsa')!,
    notAfter: new Date(now.getTime() + 5 * year),
    keyUsage: ['digitalSignature'],
    extendedKeyUsage: { purposes: [oid.kpTimeStamping], critical: true },
    revocation: pointersFor('eidas-root'),
    policies,
  }));
  for (const caId of caIds) {
    const keyId = responderKeyId(caId);
    await obtain(keyId, reissue || newKeys.has(keyId), () => ({
      issuerId: caId,
      subject: [
        [oid.organization, simulatedOrganization],
        [oid.commonName, `Signet SIMULATED OCSP Responder - ${caId}`],
      ],
      subjectPublicKey: publicKeys.get(keyId)!,
      notAfter: new Date(now.getTime() + 2 * year),
      keyUsage: ['digitalSignature'],
      extendedKeyUsage: { purposes: [oid.kpOcspSigning], critical: false },
      ocspNoCheck: true,
      policies,
    }));
  }
  for (const legislation of legislations) {
    const id = `platform-${legislation}` as const;
    await obtain(id, reissue, () => ({
      issuerId: `${legislation}-aes`,
      subject: [
        ...(legislation === 'zertes' ? ([[oid.country, 'CH']] as const) : []),
        [oid.organization, simulatedOrganization],
        [oid.commonName, `Signet SIMULATED Platform Signing - ${legislationLabel[legislation]}`],
      ],
      subjectPublicKey: publicKeys.get(id)!,
      notAfter: new Date(now.getTime() + 2 * year),
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      revocation: pointersFor(`${legislation}-aes`),
      policies,
    }));
  }
  if (reissue) {
    const next: Manifest = {
      format: 1,
      publicBaseUrl,
      createdAt: manifest?.createdAt ?? now.toISOString(),
    };
    await writeFileAtomic(manifestPath, `${JSON.stringify(next, null, 2)}\n`);
  }

  const certOf = (id: string): pkijs.Certificate => {
    const certificate = certificates.get(id);
    if (!certificate) throw new Error(`no sandbox certificate ${id}`);
    return certificate;
  };
  const parentOf = (caId: CaId): CaId | undefined =>
    caId.endsWith('-root') ? undefined : (`${caId.split('-')[0]}-root` as CaId);
  const chainFrom = (issuerId: CaId | undefined): Uint8Array[] => {
    const chain: Uint8Array[] = [];
    for (let id = issuerId; id; id = parentOf(id)) chain.push(certificateDer(certOf(id)));
    return chain;
  };
  const credential = (id: string, keyId: KeyId, issuerId: CaId | undefined): SandboxCredential => {
    const certificate = certOf(id);
    const der = certificateDer(certificate);
    return {
      id,
      certificate,
      certificateDer: der,
      certificatePem: toPem('CERTIFICATE', der),
      privateKey: keyOf(keyId),
      serialHex: serialHexOf(certificate.serialNumber),
      chainDer: [der, ...chainFrom(issuerId)],
    };
  };

  const authorities = new Map<CaId, CertificateAuthority>();
  for (const id of caIds) {
    const [legislation, kind] = id.split('-') as [Legislation, 'root' | CertificateProfile];
    authorities.set(id, {
      ...credential(id, id, parentOf(id)),
      id,
      legislation,
      kind,
      crlUrl: `${publicBaseUrl}/crl/${id}.crl`,
    });
  }
  const authority = (id: CaId): CertificateAuthority => {
    const ca = authorities.get(id);
    if (!ca) throw new Error(`unknown CA ${id}`);
    return ca;
  };
  const ocspResponders = new Map(
    caIds.map((caId) => [caId, credential(responderKeyId(caId), responderKeyId(caId), caId)]),
  );

  return {
    dataDir,
    publicBaseUrl,
    clock,
    authorities,
    authority,
    issuingCa: (legislation, profile) => authority(`${legislation}-${profile}`),
    tsa: credential('tsa', 'tsa', 'eidas-root'),
    ocspResponder: (caId) => ocspResponders.get(caId) ?? authority(caId),
    platform: {
      eidas: credential('platform-eidas', 'platform-eidas', 'eidas-aes'),
      zertes: credential('platform-zertes', 'platform-zertes', 'zertes-aes'),
    },
    issued,
    async issueEndEntity(request) {
      const ca = authority(`${request.legislation}-${request.profile}`);
      const qualifiedSeal = request.profile === 'seal' && !request.advancedSeal;
      let privateKey: CryptoKey | undefined;
      let publicKey: CryptoKey;
      if (request.publicKey === undefined) {
        const pair = await generateKeyPair();
        privateKey = pair.privateKey;
        publicKey = pair.publicKey;
      } else {
        publicKey =
          request.publicKey instanceof Uint8Array
            ? await importPublicKeySpki(request.publicKey)
            : request.publicKey;
      }
      const { subject } = request;
      const issuedAt = clock.now();
      const certificate = await buildCertificate({
        subject: [
          ...(subject.country ? ([[oid.country, subject.country]] as const) : []),
          ...(subject.organization ? ([[oid.organization, subject.organization]] as const) : []),
          [oid.organizationalUnit, 'SIMULATED - not legally binding'],
          ...(subject.surname ? ([[oid.surname, subject.surname]] as const) : []),
          ...(subject.givenName ? ([[oid.givenName, subject.givenName]] as const) : []),
          ...(subject.serialNumber ? ([[oid.serialNumber, subject.serialNumber]] as const) : []),
          [oid.commonName, subject.commonName],
        ],
        subjectPublicKey: publicKey,
        issuer: { certificate: ca.certificate },
        signingKey: ca.privateKey,
        // A minute of back-dating absorbs clock skew between the sandbox and the validator.
        notBefore: new Date(issuedAt.getTime() - minute),
        notAfter: new Date(issuedAt.getTime() + request.validityMinutes * minute),
        keyUsage: ['digitalSignature', 'nonRepudiation'],
        revocation: pointersFor(ca.id),
        policies: [
          ...policies,
          ...(request.profile === 'qes' ? [{ oid: oid.policyQcpNaturalQscd }] : []),
          ...(qualifiedSeal ? [{ oid: oid.policyQcpLegalQscd }] : []),
        ],
        ...(request.profile === 'qes' ? { qualified: { type: 'esign' as const } } : {}),
        ...(qualifiedSeal ? { qualified: { type: 'eseal' as const } } : {}),
        ...(subject.email ? { email: subject.email } : {}),
      });
      const der = certificateDer(certificate);
      const serialHex = serialHexOf(certificate.serialNumber);
      await issued.add({
        serialHex,
        issuerId: ca.id,
        subject: describeName(certificate.subject),
        notAfter: certificate.notAfter.value.toISOString(),
        issuedAt: issuedAt.toISOString(),
      });
      return {
        certificate,
        certificateDer: der,
        certificatePem: toPem('CERTIFICATE', der),
        serialHex,
        issuerId: ca.id,
        chainDer: [der, ...ca.chainDer],
        ...(privateKey ? { privateKey, privateKeyPem: await exportPrivateKeyPem(privateKey) } : {}),
      };
    },
    trustListPem() {
      return caIds
        .map((id) => {
          const ca = authority(id);
          return `# ${describeName(ca.certificate.subject)}\n${ca.certificatePem}`;
        })
        .join('');
    },
  };
}
