import { constants, createPrivateKey, KeyObject, privateEncrypt, randomUUID } from 'node:crypto';
import type * as pkijs from 'pkijs';
import type { Clock } from '../control/clock.js';
import { describeName, parseCertificate, serialHexOf } from '../pki/certificate-builder.js';
import { hashAlgorithms, oid } from '../pki/oids.js';
import type { CertificateProfile, Legislation, SandboxPki } from '../pki/sandbox-pki.js';
import type { SmsOutbox } from '../sms/sms-outbox.js';
import { signingCodeText, type SmsLanguage } from '../sms/sms-texts.js';
import { CscError, invalidRequest } from './csc-error.js';
import type { CredentialStore, SignerIdentity } from './credential-store.js';
import { codeLifetimeMs, OneTimeCode, type CodeCheck } from './one-time-code.js';
import { SadStore } from './sad-store.js';
import type { SignerAssertionVerifier } from './signer-assertion.js';

/** What the RA needs to enrol a signer for an on-demand certificate. */
export interface EnrolRequest extends SignerIdentity {
  quality: CertificateProfile;
  /** Seals only: advanced or qualified (default) seal. */
  sealLevel?: 'aes' | 'qes';
  legislation: Legislation;
  language?: SmsLanguage;
  /** Validity of the certificate; default 60 minutes for a person, one year for a seal. */
  validityMinutes?: number;
  /** The client's own reference for the signer; `credentials/list` filters by it. */
  userID?: string;
  /**
   * implicit: the client (which authenticated the signer itself) authorizes with its token alone,
   * for advanced signatures; explicit (default): every authorization needs the signer's SMS code.
   * QES is always explicit.
   */
  authMode?: 'implicit' | 'explicit';
  /**
   * QES: the identification provider's session that verified the signer. The RA issues a qualified
   * certificate only to a person an identification verified, for its legislation, in the name it
   * verified (and the session id as the subject's serialNumber unless one is given).
   */
  identificationId?: string;
}

export interface EnrolResult {
  credentialID: string;
  /** The certificate, then its issuers up to the root, base64 DER. */
  certificates: string[];
  serialNumber: string;
  subjectDN: string;
  validFrom: string;
  validTo: string;
}

export interface AuthorizeRequest {
  credentialID: string;
  numSignatures: number;
  hashes: string[];
  hashAlgorithmOID?: string;
  OTP?: string;
  /** The client's signed proof that the credential's user is present for these hashes. */
  signerAssertion?: string;
}

export interface SignHashRequest {
  credentialID: string;
  SAD: string;
  hashes: string[];
  hashAlgorithmOID?: string;
  signAlgo: string;
}

/** A credential as the signing side sees it, platform-held or enrolled on demand. */
export interface ResolvedCredential {
  credentialID: string;
  kind: 'platform' | 'on-demand';
  quality: CertificateProfile;
  sealLevel?: 'aes' | 'qes';
  legislation: Legislation;
  language: SmsLanguage;
  identity?: SignerIdentity;
  /** The client's reference for the signer given at enrolment (signer assertions name it). */
  userID?: string;
  certificate: pkijs.Certificate;
  chainDer: Uint8Array[];
  privateKey: KeyObject;
  /** implicit: the client's token suffices (platform, seals); explicit: an SMS code is also needed. */
  authMode: 'implicit' | 'explicit';
}

/** DER DigestInfo prefixes (RFC 8017 §9.2 note 1): an RSA PKCS#1 v1.5 signature of a precomputed hash. */
const digestInfoPrefix: Record<string, string> = {
  [oid.sha1]: '3021300906052b0e03021a05000414',
  [oid.sha256]: '3031300d060960864801650304020105000420',
  [oid.sha384]: '3041300d060960864801650304020205000430',
  [oid.sha512]: '3051300d060960864801650304020305000440',
};
const hashOfSignAlgo: Record<string, string> = {
  [oid.sha256WithRsa]: oid.sha256,
  [oid.sha384WithRsa]: oid.sha384,
  [oid.sha512WithRsa]: oid.sha512,
};
const mobilePattern = /^\+[1-9]\d{6,14}$/;
const maxPersonalValidityMinutes = 24 * 60;
const maxSealValidityMinutes = 3 * 365 * 24 * 60;
const maxHashesPerCall = 100;

const signatureQualifier: Record<Legislation, Record<CertificateProfile | 'aeseal', string>> = {
  eidas: { aes: 'eu_eidas_aes', qes: 'eu_eidas_qes', seal: 'eu_eidas_qeseal', aeseal: 'eu_eidas_aeseal' },
  zertes: {
    aes: 'ch_zertes_aes',
    qes: 'ch_zertes_qes',
    seal: 'ch_zertes_qeseal',
    aeseal: 'ch_zertes_aeseal',
  },
};

export function codeError(check: Exclude<CodeCheck, { ok: true }>): CscError {
  switch (check.error) {
    case 'TAN_INVALID':
      return new CscError(400, 'invalid_otp', 'The code is wrong', {
        code: check.error,
        remainingAttempts: check.remainingAttempts,
      });
    case 'TAN_EXPIRED':
      return new CscError(400, 'invalid_otp', 'The code has expired or was used; request a new one', {
        code: check.error,
      });
    case 'TAN_LOCKED':
      return new CscError(403, 'credential_locked', 'Too many wrong codes; the authorization is locked', {
        code: check.error,
      });
  }
}

/**
 * The sandbox remote signing service (CSC API v2, plus a sandbox RA that enrols signers for short-lived
 * certificates). Credential keys never leave it; clients get raw signature values for hashes they were
 * authorized to sign.
 */
export class CscService {
  readonly sads: SadStore;
  private readonly otps = new Map<string, OneTimeCode>();
  private readonly resolved = new Map<string, ResolvedCredential>();

  constructor(
    private readonly deps: {
      pki: SandboxPki;
      store: CredentialStore;
      sms: SmsOutbox;
      clock: Clock;
      isRevoked: (serialHex: string) => boolean;
      assertions: SignerAssertionVerifier;
      /** The person a successful identification session verified (the sandbox identification providers). */
      verifiedPerson: (
        sessionId: string,
      ) => { firstName: string; lastName: string; legislation: Legislation } | undefined;
    },
  ) {
    this.sads = new SadStore(deps.clock);
  }

  info() {
    return {
      specs: '2.0.0.2',
      name: 'Signet SIMULATED remote signing service (not legally binding)',
      logo: '',
      region: 'CH',
      lang: 'en',
      description:
        'Sandbox QTSP of Signet. Every certificate it issues is SIMULATED and not legally binding.',
      authType: ['external'],
      methods: [
        'credentials/list',
        'credentials/info',
        'credentials/sendOTP',
        'credentials/authorize',
        'signatures/signHash',
      ],
    };
  }

  async enrol(request: EnrolRequest): Promise<EnrolResult> {
    const seal = request.quality === 'seal';
    if (seal && !request.organization) throw invalidRequest('a seal needs an organization');
    if (request.authMode === 'implicit' && request.quality !== 'aes')
      throw invalidRequest('only advanced (aes) credentials can be authorized implicitly');
    const implicit = seal || request.authMode === 'implicit';
    if (!seal && (!request.givenName || !request.surname || !request.email))
      throw invalidRequest('a personal certificate needs givenName, surname and email');
    if (!implicit && !request.mobile)
      throw invalidRequest('a credential authorized by SMS code needs a mobile');
    if (request.mobile !== undefined && !mobilePattern.test(request.mobile))
      throw invalidRequest('mobile must be an E.164 number, e.g. +41791234567');
    const maxMinutes = seal ? maxSealValidityMinutes : maxPersonalValidityMinutes;
    const validityMinutes = request.validityMinutes ?? (seal ? 365 * 24 * 60 : 60);
    if (!Number.isInteger(validityMinutes) || validityMinutes < 1 || validityMinutes > maxMinutes)
      throw invalidRequest(`validityMinutes must be 1..${maxMinutes}`);
    if (request.quality === 'qes') this.checkIdentified(request);
    const serialNumber =
      request.serialNumber ?? (request.quality === 'qes' ? request.identificationId : undefined);
    const issued = await this.deps.pki.issueEndEntity({
      subject: seal
        ? {
            commonName: request.commonName ?? request.organization!,
            organization: request.organization!,
            ...(request.country ? { country: request.country } : {}),
            ...(request.serialNumber ? { serialNumber: request.serialNumber } : {}),
          }
        : {
            commonName: `${request.givenName} ${request.surname}`,
            givenName: request.givenName!,
            surname: request.surname!,
            email: request.email!,
            ...(request.organization ? { organization: request.organization } : {}),
            ...(request.country ? { country: request.country } : {}),
            ...(serialNumber ? { serialNumber } : {}),
          },
      profile: request.quality,
      legislation: request.legislation,
      validityMinutes,
      ...(seal && request.sealLevel === 'aes' ? { advancedSeal: true } : {}),
    });
    if (!issued.privateKeyPem) throw new Error('the sandbox did not generate the credential key');
    const credentialID = randomUUID();
    const identity: SignerIdentity = {
      ...(request.givenName ? { givenName: request.givenName } : {}),
      ...(request.surname ? { surname: request.surname } : {}),
      ...(request.email ? { email: request.email } : {}),
      ...(request.mobile ? { mobile: request.mobile } : {}),
      ...(serialNumber ? { serialNumber } : {}),
      ...(request.organization ? { organization: request.organization } : {}),
      ...(seal && request.commonName ? { commonName: request.commonName } : {}),
      ...(request.country ? { country: request.country } : {}),
    };
    await this.deps.store.save({
      credentialID,
      ...(request.userID ? { userID: request.userID } : {}),
      quality: request.quality,
      ...(seal ? { sealLevel: request.sealLevel ?? 'qes' } : {}),
      ...(request.authMode ? { authMode: request.authMode } : {}),
      legislation: request.legislation,
      language: request.language ?? 'en',
      identity,
      certificates: issued.chainDer.map((der) => Buffer.from(der).toString('base64')),
      privateKeyPem: issued.privateKeyPem,
      createdAt: this.deps.clock.now().toISOString(),
    });
    return {
      credentialID,
      certificates: issued.chainDer.map((der) => Buffer.from(der).toString('base64')),
      serialNumber: issued.serialHex,
      subjectDN: describeName(issued.certificate.subject),
      validFrom: issued.certificate.notBefore.value.toISOString(),
      validTo: issued.certificate.notAfter.value.toISOString(),
    };
  }

  /** A qualified certificate names only a person an identification verified, as it verified them. */
  private checkIdentified(request: EnrolRequest): void {
    const verified = request.identificationId
      ? this.deps.verifiedPerson(request.identificationId)
      : undefined;
    if (!verified)
      throw new CscError(
        403,
        'access_denied',
        'A qualified certificate needs a successful identification of its subject (identificationId)',
      );
    if (verified.legislation !== request.legislation)
      throw new CscError(
        403,
        'access_denied',
        `The identification is for ${verified.legislation}, not ${request.legislation}`,
      );
    if (verified.firstName !== request.givenName || verified.lastName !== request.surname)
      throw invalidRequest('givenName and surname must be the names the identification verified');
  }

  /**
   * With a userID: that user's credentials. Without: the client's own, i.e. the platform credentials and
   * the still valid credentials enrolled without a userID (expired short-lived ones would only pile up).
   */
  listCredentials(request: { userID?: string; onlyValid?: boolean }): { credentialIDs: string[] } {
    const { userID } = request;
    const onlyValid = request.onlyValid ?? userID === undefined;
    const onDemand = this.deps.store
      .all()
      .filter((c) => c.userID === userID)
      .map((c) => c.credentialID)
      .filter((id) => !onlyValid || this.certificateStatus(this.resolve(id)) === 'valid');
    return { credentialIDs: userID === undefined ? [...this.platformIds(), ...onDemand] : onDemand };
  }

  credentialInfo(request: { credentialID: string; certificates?: 'none' | 'single' | 'chain' }) {
    const credential = this.resolve(request.credentialID);
    const { certificate } = credential;
    const certificates = request.certificates ?? 'single';
    const explicit = credential.authMode === 'explicit';
    return {
      description: `${credential.kind === 'platform' ? 'Platform' : 'On-demand'} ${credential.quality.toUpperCase()} credential (${credential.legislation}) - SIMULATED, not legally binding`,
      signatureQualifier:
        signatureQualifier[credential.legislation][
          credential.sealLevel === 'aes' ? 'aeseal' : credential.quality
        ],
      key: { status: 'enabled', algo: [oid.sha256WithRsa, oid.rsaEncryption], len: 2048 },
      cert: {
        status: this.certificateStatus(credential),
        certificates: (certificates === 'none'
          ? []
          : certificates === 'single'
            ? credential.chainDer.slice(0, 1)
            : credential.chainDer
        ).map((der) => Buffer.from(der).toString('base64')),
        issuerDN: describeName(certificate.issuer),
        serialNumber: serialHexOf(certificate.serialNumber),
        subjectDN: describeName(certificate.subject),
        validFrom: certificate.notBefore.value.toISOString(),
        validTo: certificate.notAfter.value.toISOString(),
      },
      auth: explicit
        ? {
            mode: 'explicit',
            expression: 'OTP',
            objects: [{ type: 'OTP', id: 'OTP', format: 'N', generator: 'sms', label: 'SMS code' }],
          }
        : { mode: 'implicit' },
      authMode: credential.authMode,
      ...(explicit
        ? {
            OTP: {
              presence: 'true',
              type: 'online',
              format: 'N',
              ID: 'sms',
              provider: 'Signet sandbox SMS outbox',
            },
          }
        : {}),
      SCAL: '2',
      multisign: maxHashesPerCall,
      lang: credential.language,
    };
  }

  /** Sends a fresh code to the credential holder's mobile (the previous one stops working). */
  async sendOtp(request: { credentialID: string }): Promise<void> {
    const credential = this.resolve(request.credentialID);
    const mobile = credential.identity?.mobile;
    if (credential.authMode !== 'explicit' || !mobile)
      throw invalidRequest('this credential is authorized without an OTP');
    let otp = this.otps.get(credential.credentialID);
    if (otp) otp.renew();
    else this.otps.set(credential.credentialID, (otp = new OneTimeCode(this.deps.clock)));
    await this.deps.sms.send(
      mobile,
      signingCodeText(credential.language, otp.current, codeLifetimeMs / 60_000),
    );
  }

  async authorize(request: AuthorizeRequest): Promise<{ SAD: string; expiresIn: number }> {
    const credential = this.usable(request.credentialID);
    this.checkHashes(request.hashes, request.hashAlgorithmOID ?? oid.sha256);
    if (request.numSignatures !== request.hashes.length)
      throw invalidRequest('numSignatures must equal the number of hashes (SCAL 2)');
    // Before the OTP: without the client's proof nobody can spend the signer's code attempts either.
    await this.checkSignerPresent(credential, request.hashes, request.signerAssertion);
    if (credential.authMode === 'explicit') {
      const otp = this.otps.get(credential.credentialID);
      if (!request.OTP)
        throw invalidRequest('Missing OTP: call credentials/sendOTP and pass the code from the SMS');
      if (!otp)
        throw new CscError(400, 'invalid_otp', 'No OTP was sent for this credential', {
          code: 'TAN_EXPIRED',
        });
      const check = otp.check(request.OTP);
      if (!check.ok) throw codeError(check);
    }
    return this.sads.issue(credential.credentialID, request.hashes);
  }

  async signHash(request: SignHashRequest): Promise<{ signatures: string[] }> {
    const credential = this.usable(request.credentialID);
    const impliedHash = hashOfSignAlgo[request.signAlgo];
    if (!impliedHash && request.signAlgo !== oid.rsaEncryption)
      throw invalidRequest(`Unsupported signAlgo ${request.signAlgo}`);
    if (impliedHash && request.hashAlgorithmOID && request.hashAlgorithmOID !== impliedHash)
      throw invalidRequest('hashAlgorithmOID contradicts signAlgo');
    const hashAlgorithmOID = impliedHash ?? request.hashAlgorithmOID;
    if (!hashAlgorithmOID) throw invalidRequest('hashAlgorithmOID is required with signAlgo rsaEncryption');
    this.checkHashes(request.hashes, hashAlgorithmOID);
    this.sads.redeem(request.SAD, credential.credentialID, request.hashes);
    const prefix = Buffer.from(digestInfoPrefix[hashAlgorithmOID]!, 'hex');
    return {
      signatures: request.hashes.map((hash) =>
        privateEncrypt(
          { key: credential.privateKey, padding: constants.RSA_PKCS1_PADDING },
          Buffer.concat([prefix, Buffer.from(hash, 'base64')]),
        ).toString('base64'),
      ),
    };
  }

  /**
   * Every authorization (implicit, OTP, step-up) needs the client's assertion that the credential's
   * user is present for exactly these hashes; the client token alone authorizes nothing.
   */
  async checkSignerPresent(
    credential: ResolvedCredential,
    hashes: readonly string[],
    assertion: string | undefined,
  ): Promise<void> {
    await this.deps.assertions.verify(assertion, {
      credentialID: credential.credentialID,
      subject: credential.userID ?? credential.credentialID,
      hashes,
    });
  }

  /** The credential, or a CSC error if it does not exist. */
  resolve(credentialID: string): ResolvedCredential {
    const cached = this.resolved.get(credentialID);
    if (cached) return cached;
    const { pki, store } = this.deps;
    let credential: ResolvedCredential | undefined;
    const platform = (['eidas', 'zertes'] as const).find((l) => pki.platform[l].id === credentialID);
    if (platform) {
      const held = pki.platform[platform];
      credential = {
        credentialID,
        kind: 'platform',
        quality: 'aes',
        legislation: platform,
        language: 'en',
        certificate: held.certificate,
        chainDer: held.chainDer,
        privateKey: KeyObject.from(held.privateKey),
        authMode: 'implicit',
      };
    } else {
      const stored = store.get(credentialID);
      if (stored) {
        const chainDer = stored.certificates.map((b64) => new Uint8Array(Buffer.from(b64, 'base64')));
        credential = {
          credentialID,
          kind: 'on-demand',
          quality: stored.quality,
          ...(stored.sealLevel ? { sealLevel: stored.sealLevel } : {}),
          legislation: stored.legislation,
          language: stored.language,
          identity: stored.identity,
          ...(stored.userID ? { userID: stored.userID } : {}),
          certificate: parseCertificate(chainDer[0]!),
          chainDer,
          privateKey: createPrivateKey(stored.privateKeyPem),
          // A seal is applied by the platform on the business's behalf, without a person confirming.
          authMode: stored.authMode ?? (stored.quality === 'seal' ? 'implicit' : 'explicit'),
        };
      }
    }
    if (!credential) throw invalidRequest(`Invalid parameter credentialID: ${credentialID}`);
    this.resolved.set(credentialID, credential);
    return credential;
  }

  /** Checks the hash list of an authorization or signing call. */
  checkHashes(hashes: readonly string[], hashAlgorithmOID: string): void {
    const algorithm = hashAlgorithms[hashAlgorithmOID];
    if (!algorithm || !digestInfoPrefix[hashAlgorithmOID])
      throw invalidRequest(`Unsupported hashAlgorithmOID ${hashAlgorithmOID}`);
    if (hashes.length === 0 || hashes.length > maxHashesPerCall)
      throw invalidRequest(`hashes must hold 1..${maxHashesPerCall} values`);
    for (const hash of hashes)
      if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(hash) || Buffer.from(hash, 'base64').length !== algorithm.length)
        throw invalidRequest(`Invalid hash value ${hash}: not a base64 ${algorithm.name} digest`);
  }

  /** A credential that may sign now: certificate within validity and not revoked. */
  usable(credentialID: string): ResolvedCredential {
    const credential = this.resolve(credentialID);
    const status = this.certificateStatus(credential);
    if (status !== 'valid')
      throw new CscError(400, 'invalid_request', `The credential's certificate is ${status}`);
    return credential;
  }

  private certificateStatus(credential: ResolvedCredential): 'valid' | 'expired' | 'revoked' {
    const now = this.deps.clock.now().getTime();
    const { certificate } = credential;
    if (this.deps.isRevoked(serialHexOf(certificate.serialNumber))) return 'revoked';
    if (now < certificate.notBefore.value.getTime() || now > certificate.notAfter.value.getTime())
      return 'expired';
    return 'valid';
  }

  private platformIds(): string[] {
    return [this.deps.pki.platform.eidas.id, this.deps.pki.platform.zertes.id];
  }
}
