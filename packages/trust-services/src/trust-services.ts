import { randomBytes, type KeyObject } from 'node:crypto';
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
import { MobileIdService } from './mobile-id/mobile-id-service.js';
import { idAustriaEvidenceVerifier } from './id-austria/subject-records.js';
import { openSmsOutbox, type SmsOutbox } from './sms/sms-outbox.js';
import { IdentificationService } from './identification/identification-service.js';
import { openSessionStore } from './identification/identification-sessions.js';
import { WebhookSender } from './identification/webhook-sender.js';

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
  /**
   * The key the identification providers sign their webhooks with, shared with the client (the
   * host's per-installation secret). Without it they sign with a random key nobody can check.
   */
  identificationWebhookSecret?: string;
  /** The first webhook retry's wait (doubling with each retry); tests shorten it. */
  webhookFirstRetryMs?: number;
}

export interface TrustServices {
  pki: SandboxPki;
  tsa: TimestampAuthority;
  ocsp: OcspResponder;
  crl: CrlIssuer;
  /** CSC API v2 remote signing and the sandbox RA (on-demand certificates). */
  csc: CscService;
  /** The QES confirmation flow: a TAN by SMS, or an approval on the signer's Mobile ID. */
  stepUp: StepUpService;
  /** Phones registered as the QTSP's second factor, and the questions asked to them. */
  mobileId: MobileIdService;
  sms: SmsOutbox;
  /** The identification providers (video and self-service identification, signed webhooks). */
  identification: IdentificationService;
  control: SandboxControl;
  /** Revokes a certificate the sandbox issued; OCSP and CRLs report it from `at` (default: now) on. */
  revokeCertificate(serialHex: string, reason?: RevocationReason, at?: Date): Promise<Revocation>;
  /** Stops what runs in the background (webhook retries). */
  close(): void;
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
  const webhooks = new WebhookSender({
    secret: options.identificationWebhookSecret ?? randomBytes(32).toString('base64url'),
    clock,
    ...(options.webhookFirstRetryMs === undefined ? {} : { firstRetryMs: options.webhookFirstRetryMs }),
  });
  const identification = new IdentificationService({
    store: openSessionStore(options.dataDir),
    clock,
    webhooks,
  });
  // ID Austria's evidence names the provider's subject; the sandbox ID Austria keeps whom it names.
  const idAustriaEvidence = idAustriaEvidenceVerifier(options.dataDir);
  const csc = new CscService({
    pki,
    store: openCredentialStore(options.dataDir),
    sms,
    clock,
    isRevoked: (serialHex) => revocations.find(serialHex, clock.now()) !== undefined,
    assertions: new SignerAssertionVerifier(options.signerPublicKey, clock),
    verifiedPerson: (evidence) => identification.verifiedPerson(evidence) ?? idAustriaEvidence(evidence),
  });
  const mobileId = new MobileIdService(options.dataDir, clock);
  return {
    pki,
    csc,
    stepUp: new StepUpService({ csc, sms, mobileId, clock }),
    mobileId,
    sms,
    identification,
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
    close: () => webhooks.close(),
  };
}
