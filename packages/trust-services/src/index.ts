// Public surface of @signet/trust-services: the sandbox providers, in-process and as a Fastify plugin.
export { createTrustServices, UnknownCertificateError } from './trust-services.js';
export type { TrustServices, TrustServicesOptions } from './trust-services.js';
export {
  loadOrCreatePki,
  caIds,
  certificateProfiles,
  legislations,
  defaultPublicBaseUrl,
  simulatedNotice,
} from './pki/sandbox-pki.js';
export type {
  CaId,
  CertificateAuthority,
  CertificateProfile,
  EndEntitySubject,
  IssueEndEntityRequest,
  IssuedEndEntity,
  Legislation,
  LoadOrCreatePkiOptions,
  SandboxCredential,
  SandboxPki,
} from './pki/sandbox-pki.js';
export type { CryptoKey } from './pki/keys.js';
export { toPem, fromPem } from './pki/pem.js';
export { createTimestampAuthority, TsaUnavailableError } from './tsa/tsa-responder.js';
export type { TimestampAuthority } from './tsa/tsa-responder.js';
export { createOcspResponder } from './revocation/ocsp-responder.js';
export type { OcspResponder } from './revocation/ocsp-responder.js';
export { createCrlIssuer } from './revocation/crl-issuer.js';
export type { CrlIssuer } from './revocation/crl-issuer.js';
export type { Revocation, RevocationReason } from './revocation/revocation-store.js';
export { SettableClock } from './control/clock.js';
export type { Clock, ClockSetting } from './control/clock.js';
export type { Faults } from './control/faults.js';
export type { SandboxControl } from './control/control.js';
export { trustServicesPlugin } from './http/trust-services-plugin.js';
export type { TrustServicesPluginOptions } from './http/trust-services-plugin.js';
export { sandboxAccess } from './http/sandbox-access.js';
export type { IdAustriaClient, IdTokenFault } from './id-austria/id-austria-idp.js';
export { CscService } from './csc/csc-service.js';
export type {
  AuthorizeRequest,
  EnrolRequest,
  EnrolResult,
  ResolvedCredential,
  SignHashRequest,
} from './csc/csc-service.js';
export { CscError } from './csc/csc-error.js';
export type { SignerIdentity } from './csc/credential-store.js';
export { StepUpService, stepUpLifetimeMs } from './step-up/step-up-service.js';
export type { StartStepUpRequest, StepUpStatus, StepUpView } from './step-up/step-up-service.js';
export type { SmsMessage, SmsOutbox } from './sms/sms-outbox.js';
export type { SmsLanguage } from './sms/sms-texts.js';
export { codeLifetimeMs, maxCodeFailures } from './csc/one-time-code.js';
export { sadLifetimeMs } from './csc/sad-store.js';
export { paymentsSandboxPlugin } from './payments/payments-plugin.js';
export type { PaymentsSandboxOptions } from './payments/payments-plugin.js';
export { startPaymentsSandbox } from './payments/standalone.js';
export type { RunningPaymentsSandbox } from './payments/standalone.js';
export { stripeSignature } from './payments/webhook-deliveries.js';
export type { WebhookTarget, WebhookTransport } from './payments/webhook-deliveries.js';
