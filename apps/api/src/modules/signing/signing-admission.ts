/** What the metrics endpoint reads of the signing queue. */
export interface SigningAdmissionUsage {
  /** Signatures this process may make at once (SIGNING_CONCURRENCY). */
  capacity: number;
  signing: number;
  /** Signatures waiting for their turn. */
  queued: number;
}

/**
 * At most `capacity` signatures at a time in this process; the others wait their turn, first come
 * first served. Without it, 200 signatures started at once on two cores all slowed down together
 * until every one's calls to the trust services ran past their timeouts and nearly all failed
 * (bench/load.ts, bench/RESULTS.md "Load"); queued, each waits longer but finishes.
 */
export class SigningAdmission {
  private signing = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly capacity: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.signing < this.capacity) this.signing++;
    // A finishing signature hands its place straight to the next in line (see below).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.signing--;
    }
  }

  usage(): SigningAdmissionUsage {
    return { capacity: this.capacity, signing: this.signing, queued: this.waiting.length };
  }
}
