import { setTimeout as sleep } from 'node:timers/promises';
import type { IdTokenFault } from '../id-austria/id-austria-idp.js';

/** Faults a test can switch on to see how the product copes with a failing provider. */
export interface Faults {
  /** The TSA refuses service (HTTP 503; in-process `TsaUnavailableError`). */
  tsaDown: boolean;
  /** OCSP answers "unknown" for every certificate. */
  ocspUnknown: boolean;
  /** TSA, OCSP and CRL answers are delayed by this many milliseconds (timeouts, spinners). */
  slowMs: number;
  /** The sandbox ID Austria's token endpoint hands out a bad ID token (see IdTokenFault). */
  idAustriaIdToken: IdTokenFault;
}

const noFaults: Readonly<Faults> = {
  tsaDown: false,
  ocspUnknown: false,
  slowMs: 0,
  idAustriaIdToken: 'none',
};

export class FaultSwitches {
  private current: Faults = { ...noFaults };

  get(): Readonly<Faults> {
    return { ...this.current };
  }

  set(changes: Partial<Faults>): Readonly<Faults> {
    this.current = { ...this.current, ...changes };
    return this.get();
  }

  clear(): void {
    this.current = { ...noFaults };
  }

  /** Waits out the injected latency, if any. */
  async delay(): Promise<void> {
    if (this.current.slowMs > 0) await sleep(this.current.slowMs);
  }
}
