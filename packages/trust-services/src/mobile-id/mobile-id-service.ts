import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Clock } from '../control/clock.js';
import { CscError } from '../csc/csc-error.js';
import { FileBackedValue, stateDir, writeFileAtomic } from '../pki/state-files.js';

/** A phone registered as a person's second factor at the QTSP, keyed by the client's userID. */
export interface MobileIdRegistration {
  userID: string;
  /** E.164. */
  mobile: string;
  /** PENDING until the person approves the registration on the phone (the sandbox's approval page). */
  status: 'PENDING' | 'REGISTERED';
  /** The approval that confirms the registration while it is PENDING. */
  approvalId: string;
  createdAt: string;
  registeredAt?: string;
}

type ApprovalStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'EXPIRED' | 'WITHDRAWN';

/** One question to the phone: confirm a registration, or release a signing. */
export interface MobileIdApproval {
  id: string;
  kind: 'registration' | 'signing';
  userID: string;
  mobile: string;
  /** What the phone shows, e.g. how many documents a signing covers. */
  text: string;
  status: ApprovalStatus;
  createdAt: string;
  decidedAt?: string;
}

/** A question the phone did not answer in this time expires (the client falls back to the SMS code). */
const approvalLifetimeMs = 5 * 60_000;

const e164 = /^\+[1-9]\d{6,14}$/;

/**
 * The QTSP's Mobile ID: a person registers their phone, and the QTSP then asks that phone to approve
 * each qualified signing instead of sending a code. The sandbox has no phone app: its approval page
 * (behind the sandbox access guard) answers for it. Registrations are kept in `mobile-id.json` in the
 * data dir; approvals, like step-up transactions, in memory (the sandbox runs in one process).
 */
export class MobileIdService {
  private readonly approvals = new Map<string, MobileIdApproval>();
  private readonly path: string;
  private readonly file: FileBackedValue<Record<string, MobileIdRegistration>>;

  constructor(
    dataDir: string,
    private readonly clock: Clock,
  ) {
    this.path = join(stateDir(dataDir), 'mobile-id.json');
    this.file = new FileBackedValue(
      this.path,
      (text) => (text ? JSON.parse(text) : {}) as Record<string, MobileIdRegistration>,
    );
  }

  registration(userID: string): MobileIdRegistration {
    const found = this.file.get()[userID];
    if (!found) throw new CscError(404, 'invalid_request', 'No Mobile ID is registered for this user');
    return found;
  }

  /** Registers (or re-registers, replacing the previous phone) and asks the new phone to confirm. */
  async register(userID: string, mobile: string): Promise<MobileIdRegistration> {
    if (!e164.test(mobile)) throw new CscError(400, 'invalid_request', 'mobile must be an E.164 number');
    const previous = this.file.get()[userID];
    if (previous) this.withdraw(previous.approvalId);
    const approval = this.ask('registration', userID, mobile, 'Register this phone as your Signet Mobile ID');
    const registration: MobileIdRegistration = {
      userID,
      mobile,
      status: 'PENDING',
      approvalId: approval.id,
      createdAt: approval.createdAt,
    };
    await this.save({ ...this.file.get(), [userID]: registration });
    return registration;
  }

  async remove(userID: string): Promise<void> {
    const registration = this.registration(userID);
    this.withdraw(registration.approvalId);
    const { [userID]: _removed, ...others } = this.file.get();
    await this.save(others);
  }

  /** Asks the registered phone to release a signing; refused unless the registration is confirmed. */
  askToSign(userID: string, text: string): MobileIdApproval {
    const found = this.file.get()[userID];
    if (found?.status !== 'REGISTERED')
      throw new CscError(409, 'invalid_request', 'No confirmed Mobile ID for this user', {
        code: 'MOBILE_ID_NOT_REGISTERED',
      });
    return this.ask('signing', userID, found.mobile, text);
  }

  approval(id: string): MobileIdApproval | undefined {
    const approval = this.approvals.get(id);
    if (
      approval?.status === 'PENDING' &&
      this.clock.now().getTime() > Date.parse(approval.createdAt) + approvalLifetimeMs
    )
      approval.status = 'EXPIRED';
    return approval;
  }

  /** Questions to the phones, newest first (the sandbox's list of approval pages). */
  list(): MobileIdApproval[] {
    return [...this.approvals.keys()].map((id) => this.approval(id)!).reverse();
  }

  /** The phone's answer; a registration it approves becomes REGISTERED. */
  async decide(id: string, approve: boolean): Promise<MobileIdApproval> {
    const approval = this.approval(id);
    if (!approval) throw new CscError(404, 'invalid_request', 'Unknown approval');
    if (approval.status !== 'PENDING')
      throw new CscError(409, 'invalid_request', `The approval is ${approval.status}, not PENDING`);
    approval.status = approve ? 'APPROVED' : 'DECLINED';
    approval.decidedAt = this.clock.now().toISOString();
    const registration = this.file.get()[approval.userID];
    if (approve && approval.kind === 'registration' && registration?.approvalId === id)
      await this.save({
        ...this.file.get(),
        [approval.userID]: { ...registration, status: 'REGISTERED', registeredAt: approval.decidedAt },
      });
    return approval;
  }

  /** A question nobody should answer any more (the signing went on by SMS, the phone was replaced). */
  withdraw(id: string): void {
    const approval = this.approval(id);
    if (approval?.status === 'PENDING') approval.status = 'WITHDRAWN';
  }

  private ask(kind: MobileIdApproval['kind'], userID: string, mobile: string, text: string) {
    const approval: MobileIdApproval = {
      id: randomUUID(),
      kind,
      userID,
      mobile,
      text,
      status: 'PENDING',
      createdAt: this.clock.now().toISOString(),
    };
    this.approvals.set(approval.id, approval);
    return approval;
  }

  private save(registrations: Record<string, MobileIdRegistration>): Promise<void> {
    return writeFileAtomic(this.path, `${JSON.stringify(registrations, null, 2)}\n`);
  }
}
