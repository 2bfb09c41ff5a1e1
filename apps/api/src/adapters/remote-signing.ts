import type { Clock } from '../clock.ts';
import { callProvider, ProviderError } from './http.ts';
import type { SignerAssertions } from './signer-assertion.ts';

/** sha256WithRSAEncryption: what Signet asks the QTSP to sign with (PKCS#1 v1.5 over a SHA-256 hash). */
const sha256WithRsa = '1.2.840.113549.1.1.11';
const sha256 = '2.16.840.1.101.3.4.2.1';

/** A person's on-demand certificate (AES, QES). */
interface PersonEnrolment {
  givenName: string;
  surname: string;
  email: string;
  /** Needed for credentials authorized by SMS code (explicit). */
  mobile?: string;
  /** implicit: Signet authenticated the signer and vouches for them with a signer assertion (AES only). */
  authMode?: 'implicit' | 'explicit';
  quality: 'aes' | 'qes';
  legislation: 'eidas' | 'zertes';
  language?: 'en' | 'de' | 'fr' | 'it';
  organization?: string;
  serialNumber?: string;
  userID?: string;
  /** QES: the identification provider's session that verified the signer (the QTSP checks it). */
  identificationId?: string;
}

/** A business seal's certificate: no person, no SMS code (Signet's signer assertion authorizes it). */
interface SealEnrolment {
  quality: 'seal';
  legislation: 'eidas' | 'zertes';
  /** The business, in the subject O. */
  organization: string;
  /** The seal's name, in the subject CN. */
  commonName: string;
  userID?: string;
}

export type Enrolment = PersonEnrolment | SealEnrolment;

export interface StepUpState {
  responseId: string;
  status:
    | 'PENDING'
    | 'SUCCESS'
    | 'USER_CANCEL'
    | 'TIMEOUT'
    | 'SERIAL_NUMBER_MISMATCH'
    | 'FAILED'
    /** The signer declined on their Mobile ID phone. */
    | 'DECLINED';
  /** How the signer is asked now: a code by SMS, or an approval on their Mobile ID phone. */
  secondFactor: 'sms' | 'mobile-id';
  remainingAttempts: number;
  expiresAt: string;
  SAD?: string;
}

/** A phone registered as the QTSP's second factor for a userID. */
export interface MobileIdRegistration {
  /** E.164. */
  mobile: string;
  status: 'PENDING' | 'REGISTERED';
  registeredAt?: string;
}

/** E.164 for the QTSP: spaces and hyphens removed, a leading 00 turned into +. */
export function toE164(mobile: string): string {
  const compact = mobile.replace(/[\s-]/g, '').replace(/^00/, '+');
  return compact.startsWith('+') ? compact : `+${compact}`;
}

const mobileIdPath = (userID: string) => `/mobile-id/v1/registrations/${encodeURIComponent(userID)}`;

/**
 * The QTSP's remote signing service: CSC API v2 (credentials, authorize, signHash), its RA for
 * on-demand certificates, and the step-up (TAN) flow for QES. Keys never leave the QTSP.
 */
export class RemoteSigningClient {
  constructor(
    private readonly baseUrl: string,
    private readonly clientToken: string,
    private readonly assertions: SignerAssertions,
    private readonly clock: Clock,
  ) {}

  /** The authData entry proving to the QTSP that `signer` is present for exactly these hashes. */
  private async signerPresence(signer: string, credentialID: string, hashes: Uint8Array[]) {
    const value = await this.assertions.issue({ signer, credentialID, hashes }, this.clock.now());
    return [{ id: 'signer_assertion', value }];
  }

  /** Signet's public key for signer assertions, as the QTSP operator registers it. */
  signerAssertionKeys() {
    return this.assertions.jwks();
  }

  private post<T>(path: string, body: unknown): Promise<T> {
    return this.call<T>('POST', path, body ?? {});
  }

  private async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await callProvider('remote signing service', `${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.clientToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (response.status === 204 ? null : await response.json()) as T;
  }

  enrol(enrolment: Enrolment) {
    return this.post<{
      credentialID: string;
      certificates: string[];
      serialNumber: string;
      subjectDN: string;
      validTo: string;
    }>('/ra/v1/enrol', enrolment);
  }

  /**
   * Implicitly authorized credentials need no SMS code: Signet, which authenticated `signer` (the
   * userID the credential was enrolled for), vouches for their presence with a signer assertion.
   */
  async authorizeImplicit(credentialID: string, signer: string, hashes: Uint8Array[]): Promise<string> {
    const result = await this.post<{ SAD: string }>('/csc/v2/credentials/authorize', {
      credentialID,
      numSignatures: hashes.length,
      hashes: hashes.map((h) => Buffer.from(h).toString('base64')),
      hashAlgorithmOID: sha256,
      authData: await this.signerPresence(signer, credentialID, hashes),
    });
    return result.SAD;
  }

  async signHashes(credentialID: string, SAD: string, hashes: Uint8Array[]): Promise<Uint8Array[]> {
    const result = await this.post<{ signatures: string[] }>('/csc/v2/signatures/signHash', {
      credentialID,
      SAD,
      hashes: hashes.map((h) => Buffer.from(h).toString('base64')),
      hashAlgorithmOID: sha256,
      signAlgo: sha256WithRsa,
    });
    return result.signatures.map((b64) => new Uint8Array(Buffer.from(b64, 'base64')));
  }

  /** QES: the signer confirms with the code the QTSP sends; Signet vouches that they started it. */
  async startStepUp(request: {
    credentialID: string;
    /** The userID the credential was enrolled for. */
    signer: string;
    hashes: Uint8Array[];
    language?: string;
    serialNumber?: string;
    /** Ask the signer's registered Mobile ID phone instead of sending a code. */
    secondFactor?: 'sms' | 'mobile-id';
  }) {
    return this.post<StepUpState>('/csc/v2/stepup', {
      ...(request.secondFactor ? { secondFactor: request.secondFactor } : {}),
      credentialID: request.credentialID,
      hashes: request.hashes.map((h) => Buffer.from(h).toString('base64')),
      hashAlgorithmOID: sha256,
      authData: await this.signerPresence(request.signer, request.credentialID, request.hashes),
      ...(request.language ? { language: request.language } : {}),
      ...(request.serialNumber ? { serialNumber: request.serialNumber } : {}),
    });
  }

  stepUpStatus(responseId: string): Promise<StepUpState> {
    return this.call<StepUpState>('GET', `/csc/v2/stepup/${responseId}`);
  }

  /** The phone `userID` registered as Mobile ID at the QTSP; null when none is. */
  mobileId(userID: string): Promise<MobileIdRegistration | null> {
    return this.call<MobileIdRegistration>('GET', mobileIdPath(userID)).catch((error: unknown) => {
      if (error instanceof ProviderError && error.status === 404) return null;
      throw error;
    });
  }

  /** Registers (or replaces) the phone; the QTSP asks it to approve the registration. */
  registerMobileId(userID: string, mobile: string): Promise<MobileIdRegistration> {
    return this.call<MobileIdRegistration>('PUT', mobileIdPath(userID), { mobile });
  }

  /** false when no phone was registered. */
  removeMobileId(userID: string): Promise<boolean> {
    return this.call('DELETE', mobileIdPath(userID)).then(
      () => true,
      (error: unknown) => {
        if (error instanceof ProviderError && error.status === 404) return false;
        throw error;
      },
    );
  }

  respondStepUp(responseId: string, secret: string) {
    return this.post<StepUpState>(`/csc/v2/stepup/${responseId}/respond`, { secret });
  }

  resendStepUp(responseId: string) {
    return this.post<StepUpState>(`/csc/v2/stepup/${responseId}/resend`, {});
  }

  cancelStepUp(responseId: string) {
    return this.post<StepUpState>(`/csc/v2/stepup/${responseId}/cancel`, {});
  }

  async trustListPem(): Promise<string> {
    const response = await callProvider('trust list', `${this.baseUrl}/trust-list.pem`, { method: 'GET' });
    return response.text();
  }

  private caCertificates: Promise<Uint8Array[]> | null = null;

  /**
   * The QTSP's CA certificates (DER), fetched once: the issuers of its TSA and OCSP responder,
   * which the engine needs to build their chains into the validation data.
   */
  caCertificatesDer(): Promise<Uint8Array[]> {
    this.caCertificates ??= this.trustListPem()
      .then((pem) =>
        [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)].map(
          (m) => new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64')),
        ),
      )
      .catch((error) => {
        this.caCertificates = null;
        throw error;
      });
    return this.caCertificates;
  }
}
