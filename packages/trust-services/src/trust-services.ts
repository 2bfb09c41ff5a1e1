import type { KeyObject } from 'node:crypto';
import { SettableClock, wholeSeconds } from './control/clock.js';
import { createControl, type SandboxControl } from './control/control.js';
import { FaultSwitches } from './control/faults.js';
import { normalizeSerialHex } from './pki/certificate-builder.js';
import { loadOrCreatePki, type SandboxPki } from './pki/sandbox-pki.js';
import { createCrlIssuer, type CrlIssuer } from './revocation/crl-issuer.js';
import { createOcspResponder, type OcspResponder } from './revocation/ocsp-responder.js';
import {
  openRevocationStore,
  revocationReasonCodes,
  type Revocation,
  type RevocationReason,
} from './revocation/revocation-store.js';
import { createTimestampAuthority, type TimestampAuthority } from './tsa/tsa-responder.js';
import { openCredentialStore } from './csc/credential-store.js';
import { CscService } from './csc/csc-service.js';
import { SignerAssertionVerifier } from './csc/signer-assertion.js';
import { StepUpService } from './step-up/step-up-service.js';
import { openSmsOutbox, type SmsOutbox } from './sms/sms-outbox.js';

export interface TrustServicesOptions {
  /** State lives in `<dataDir>/trust-services/`. */
  dataDir: string;
  /** Absolute URL of the sandbox mount point, e.g. http://localhost:3000/sandbox (used in AIA/CDP URLs). */
  publicBaseUrl?: string;
  /** Defaults to a fresh settable clock at system time. */
  clock?: SettableClock;
  /**
   * The public key the CSC client (the API) signs its signer assertions with. Without it the
   * services still issue certificates, timestamps and revocation data, but authorize no signature.
   */
  signerPublicKey?: KeyObject;
}

export interface TrustServices {
  pki: SandboxPki;
  tsa: TimestampAuthority;
  ocsp: OcspResponder;
  crl: CrlIssuer;
  /** CSC API v2 remote signing and the sandbox RA (on-demand certificates). */
  csc: CscService;
  /** The QES TAN confirmation flow. */
  stepUp: StepUpService;
  sms: SmsOutbox;
  control: SandboxControl;
  /** Revokes a certificate the sandbox issued; OCSP and CRLs report it from `at` (default: now) on. */
  revokeCertificate(serialHex: string, reason?: RevocationReason, at?: Date): Promise<Revocation>;
}

export class UnknownCertificateError extends Error {
  constructor(serialHex: string) {
    super(`the sandbox never issued a certificate with serial ${serialHex}`);
    this.name = 'UnknownCertificateError';
  }
}

export async function createTrustServices(options: TrustServicesOptions): Promise<TrustServices> {
  const clock = options.clock ?? new SettableClock();
  const faults = new FaultSwitches();
  const pki = await loadOrCreatePki(options.dataDir, {
    clock,
    ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
  });
  const revocations = await openRevocationStore(options.dataDir);
  const sms = await openSmsOutbox(options.dataDir, clock);
  const csc = new CscService({
    pki,
    store: openCredentialStore(options.dataDir),
    sms,
    clock,
    isRevoked: (serialHex) => revocations.find(serialHex, clock.now()) !== undefined,
    assertions: new SignerAssertionVerifier(options.signerPublicKey, clock),
  });
  return {
    pki,
    csc,
    stepUp: new StepUpService({ csc, sms, clock }),
    sms,
    tsa: createTimestampAuthority({ pki, clock, faults }),
    ocsp: createOcspResponder({ pki, revocations, clock, faults }),
    crl: createCrlIssuer({ pki, revocations, clock, faults }),
    control: createControl(clock, faults),
    async revokeCertificate(serialHex, reason = 'unspecified', at) {
      const serial = normalizeSerialHex(serialHex);
      const issued = pki.issued.find(serial);
      if (!issued) throw new UnknownCertificateError(serial);
      if (!(reason in revocationReasonCodes)) throw new RangeError(`unknown revocation reason ${reason}`);
      const revocation: Revocation = {
        serialHex: serial,
        issuerId: issued.issuerId,
        reason,
        revokedAt: wholeSeconds(at ?? clock.now()).toISOString(),
      };
      await revocations.add(revocation);
      return revocation;
    },
  };
}
