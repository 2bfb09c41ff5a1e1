import { randomInt } from 'node:crypto';
import type { Clock } from '../control/clock.js';

export const codeLifetimeMs = 5 * 60_000;
export const maxCodeFailures = 3;

export type CodeCheck =
  | { ok: true }
  | { ok: false; error: 'TAN_INVALID'; remainingAttempts: number }
  | { ok: false; error: 'TAN_EXPIRED' }
  | { ok: false; error: 'TAN_LOCKED' };

/**
 * The second factor behind both CSC `credentials/authorize` (OTP) and the QES step-up (TAN): a six-digit
 * code valid for five minutes. Wrong answers count across re-sent codes, so re-sending cannot be used to
 * keep guessing: the third wrong answer locks the challenge for good.
 */
export class OneTimeCode {
  private code = '';
  private issuedAt = 0;
  private failures = 0;
  private used = false;

  constructor(private readonly clock: Clock) {
    this.renew();
  }

  /** Issues a new code; the previous one stops working. */
  renew(): string {
    this.code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.issuedAt = this.clock.now().getTime();
    this.used = false;
    return this.code;
  }

  get current(): string {
    return this.code;
  }

  get locked(): boolean {
    return this.failures >= maxCodeFailures;
  }

  get remainingAttempts(): number {
    return Math.max(0, maxCodeFailures - this.failures);
  }

  check(answer: string): CodeCheck {
    if (this.locked) return { ok: false, error: 'TAN_LOCKED' };
    if (this.used || this.clock.now().getTime() - this.issuedAt > codeLifetimeMs)
      return { ok: false, error: 'TAN_EXPIRED' };
    if (answer.trim() !== this.code) {
      this.failures += 1;
      return this.locked
        ? { ok: false, error: 'TAN_LOCKED' }
        : { ok: false, error: 'TAN_INVALID', remainingAttempts: this.remainingAttempts };
    }
    this.used = true;
    return { ok: true };
  }
}
