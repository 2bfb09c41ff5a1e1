import { randomUUID } from 'node:crypto';
import type { Clock } from '../control/clock.js';
import { CscError, invalidRequest } from '../csc/csc-error.js';
import { codeError, type CscService } from '../csc/csc-service.js';
import { codeLifetimeMs, OneTimeCode } from '../csc/one-time-code.js';
import type { MobileIdService } from '../mobile-id/mobile-id-service.js';
import { oid } from '../pki/oids.js';
import type { SmsOutbox } from '../sms/sms-outbox.js';
import { signingCodeText, type SmsLanguage } from '../sms/sms-texts.js';

export type StepUpStatus =
  | 'PENDING'
  | 'SUCCESS'
  | 'USER_CANCEL'
  | 'TIMEOUT'
  | 'SERIAL_NUMBER_MISMATCH'
  /** The signer declined on their Mobile ID phone. */
  | 'DECLINED'
  /** Locked after too many wrong codes; `errorCode` is TAN_LOCKED. */
  | 'FAILED';

/** An authorization is abandoned (TIMEOUT) when nobody completes it within this time. */
export const stepUpLifetimeMs = 10 * 60_000;

export interface StartStepUpRequest {
  credentialID: string;
  /** base64 hashes the SAD will be bound to. */
  hashes: string[];
  hashAlgorithmOID?: string;
  /** Identity the client expects (e.g. from identification); must equal the enrolled serialNumber. */
  serialNumber?: string;
  /** Language of the SMS; defaults to the one given at enrolment. */
  language?: SmsLanguage;
  /** The client's signed proof that the credential's user is present for these hashes. */
  signerAssertion?: string;
  /** How the signer confirms: a code by SMS (default), or an approval on their registered Mobile ID. */
  secondFactor?: SecondFactor;
}

type SecondFactor = 'sms' | 'mobile-id';

export interface StepUpView {
  responseId: string;
  credentialID: string;
  status: StepUpStatus;
  expiresAt: string;
  remainingAttempts: number;
  /** How the signer is asked now (a Mobile ID signing may go on by SMS code: resend). */
  secondFactor: SecondFactor;
  errorCode?: 'TAN_LOCKED';
  /** Only with status SUCCESS: Signature Activation Data for signatures/signHash. */
  SAD?: string;
  /** Seconds the SAD stays valid from its issue. */
  expiresIn?: number;
}

interface Transaction {
  responseId: string;
  credentialID: string;
  hashes: string[];
  mobile: string;
  language: SmsLanguage;
  code: OneTimeCode;
  secondFactor: SecondFactor;
  /** The question to the Mobile ID phone while the signer is asked there. */
  approvalId?: string;
  status: StepUpStatus;
  startedAt: number;
  sad?: { SAD: string; expiresIn: number };
}

/**
 * The QES confirmation flow ("TAN"): a signer confirms exactly these hashes with a code sent by SMS, and
 * the client polls until the authorization succeeds (and carries a SAD), fails or is abandoned. Held in
 * memory: the sandbox runs in one process.
 */
export class StepUpService {
  private readonly transactions = new Map<string, Transaction>();

  constructor(
    private readonly deps: { csc: CscService; sms: SmsOutbox; mobileId: MobileIdService; clock: Clock },
  ) {}

  async start(request: StartStepUpRequest): Promise<StepUpView> {
    const { csc, clock } = this.deps;
    const credential = csc.usable(request.credentialID);
    csc.checkHashes(request.hashes, request.hashAlgorithmOID ?? oid.sha256);
    const mobile = credential.identity?.mobile;
    if (credential.authMode !== 'explicit' || !credential.identity || !mobile)
      throw invalidRequest('step-up is for credentials enrolled for a person with a mobile number');
    // No code is sent (and no SAD can follow) unless the client vouches for the signer's presence.
    await csc.checkSignerPresent(credential, request.hashes, request.signerAssertion);
    const transaction: Transaction = {
      responseId: randomUUID(),
      credentialID: credential.credentialID,
      hashes: [...request.hashes],
      mobile,
      language: request.language ?? credential.language,
      code: new OneTimeCode(clock),
      secondFactor: request.secondFactor ?? 'sms',
      status: 'PENDING',
      startedAt: clock.now().getTime(),
    };
    if (request.serialNumber !== undefined && request.serialNumber !== credential.identity.serialNumber) {
      // The person about to confirm is not the one the client identified: no code is sent at all.
      transaction.status = 'SERIAL_NUMBER_MISMATCH';
    } else if (transaction.secondFactor === 'mobile-id') {
      if (!credential.userID) throw invalidRequest('Mobile ID signs for credentials enrolled with a userID');
      const count = request.hashes.length;
      transaction.approvalId = this.deps.mobileId.askToSign(
        credential.userID,
        `Sign ${count} document${count === 1 ? '' : 's'} with your qualified signature`,
      ).id;
    } else {
      await this.sendCode(transaction);
    }
    this.transactions.set(transaction.responseId, transaction);
    return this.view(transaction);
  }

  get(responseId: string): StepUpView {
    return this.view(this.find(responseId));
  }

  async respond(responseId: string, secret: string): Promise<StepUpView> {
    const transaction = this.pending(responseId);
    // No code was sent for a Mobile ID signing: a typed one could only be a guess.
    if (transaction.secondFactor === 'mobile-id')
      throw new CscError(409, 'invalid_request', 'This authorization waits for the Mobile ID approval', {
        code: 'STEP_UP_NOT_PENDING',
        status: transaction.status,
      });
    const check = transaction.code.check(secret);
    if (!check.ok) {
      if (check.error === 'TAN_LOCKED') transaction.status = 'FAILED';
      throw codeError(check);
    }
    transaction.status = 'SUCCESS';
    transaction.sad = this.deps.csc.sads.issue(transaction.credentialID, transaction.hashes);
    return this.view(transaction);
  }

  /**
   * A new code replaces the old one (which stops working); wrong answers so far still count. On a
   * Mobile ID signing the signer goes on by SMS code: the question to the phone is withdrawn.
   */
  async resend(responseId: string): Promise<StepUpView> {
    const transaction = this.pending(responseId);
    if (transaction.approvalId) this.deps.mobileId.withdraw(transaction.approvalId);
    transaction.secondFactor = 'sms';
    transaction.code.renew();
    await this.sendCode(transaction);
    return this.view(transaction);
  }

  cancel(responseId: string): StepUpView {
    const transaction = this.pending(responseId);
    if (transaction.approvalId) this.deps.mobileId.withdraw(transaction.approvalId);
    transaction.status = 'USER_CANCEL';
    return this.view(transaction);
  }

  private async sendCode(transaction: Transaction): Promise<void> {
    await this.deps.sms.send(
      transaction.mobile,
      signingCodeText(transaction.language, transaction.code.current, codeLifetimeMs / 60_000),
    );
  }

  private find(responseId: string): Transaction {
    const transaction = this.transactions.get(responseId);
    if (!transaction) throw new CscError(404, 'invalid_request', `Unknown responseId ${responseId}`);
    if (transaction.status === 'PENDING' && transaction.secondFactor === 'mobile-id')
      this.followApproval(transaction);
    if (
      transaction.status === 'PENDING' &&
      this.deps.clock.now().getTime() > transaction.startedAt + stepUpLifetimeMs
    )
      transaction.status = 'TIMEOUT';
    return transaction;
  }

  /** The phone's answer decides a Mobile ID signing: approved releases the SAD, declined ends it. */
  private followApproval(transaction: Transaction): void {
    const approval = transaction.approvalId ? this.deps.mobileId.approval(transaction.approvalId) : undefined;
    if (approval?.status === 'APPROVED') {
      transaction.status = 'SUCCESS';
      transaction.sad = this.deps.csc.sads.issue(transaction.credentialID, transaction.hashes);
    } else if (approval?.status === 'DECLINED') transaction.status = 'DECLINED';
    else if (approval?.status === 'EXPIRED') transaction.status = 'TIMEOUT';
  }

  private pending(responseId: string): Transaction {
    const transaction = this.find(responseId);
    if (transaction.status === 'FAILED') throw codeError({ ok: false, error: 'TAN_LOCKED' });
    if (transaction.status !== 'PENDING')
      throw new CscError(409, 'invalid_request', `The authorization is ${transaction.status}, not PENDING`, {
        code: 'STEP_UP_NOT_PENDING',
        status: transaction.status,
      });
    return transaction;
  }

  private view(transaction: Transaction): StepUpView {
    return {
      responseId: transaction.responseId,
      credentialID: transaction.credentialID,
      status: transaction.status,
      expiresAt: new Date(transaction.startedAt + stepUpLifetimeMs).toISOString(),
      remainingAttempts: transaction.code.remainingAttempts,
      secondFactor: transaction.secondFactor,
      ...(transaction.status === 'FAILED' ? { errorCode: 'TAN_LOCKED' as const } : {}),
      ...(transaction.status === 'SUCCESS' && transaction.sad ? transaction.sad : {}),
    };
  }
}
