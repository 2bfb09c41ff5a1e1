/** The time source of every provider, so tests can move the sandbox through certificate, SAD and TAN lifetimes. */
export interface Clock {
  now(): Date;
}

export type ClockSetting = { offsetMs: number } | { fixed: string | Date };

/** A clock that is the system time plus an offset, or a fixed instant. */
export class SettableClock implements Clock {
  private offsetMs = 0;
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed.getTime()) : new Date(Date.now() + this.offsetMs);
  }

  set(setting: ClockSetting): void {
    if ('fixed' in setting) {
      const fixed = new Date(setting.fixed);
      if (Number.isNaN(fixed.getTime())) throw new RangeError('fixed must be an ISO 8601 instant');
      this.fixed = fixed;
      this.offsetMs = 0;
    } else {
      this.fixed = null;
      this.offsetMs = setting.offsetMs;
    }
  }

  /** Moves the clock forward by ms, whichever mode it is in. */
  advance(ms: number): void {
    if (this.fixed) this.fixed = new Date(this.fixed.getTime() + ms);
    else this.offsetMs += ms;
  }

  reset(): void {
    this.fixed = null;
    this.offsetMs = 0;
  }

  describe(): { now: string; offsetMs: number; fixed: string | null } {
    return {
      now: this.now().toISOString(),
      offsetMs: this.offsetMs,
      fixed: this.fixed?.toISOString() ?? null,
    };
  }
}

/** DER times carry whole seconds here: fractions are legal in GeneralizedTime but trip strict parsers. */
export function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}
