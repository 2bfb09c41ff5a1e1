import { SettableClock, type ClockSetting } from './clock.js';
import { FaultSwitches, type Faults } from './faults.js';

/** The test controls of the sandbox: its clock and its injected faults. */
export interface SandboxControl {
  clock: SettableClock;
  setClock(setting: ClockSetting): void;
  resetClock(): void;
  setFaults(changes: Partial<Faults>): Readonly<Faults>;
  clearFaults(): void;
  faults(): Readonly<Faults>;
}

export function createControl(clock: SettableClock, faults: FaultSwitches): SandboxControl {
  return {
    clock,
    setClock: (setting) => clock.set(setting),
    resetClock: () => clock.reset(),
    setFaults: (changes) => faults.set(changes),
    clearFaults: () => faults.clear(),
    faults: () => faults.get(),
  };
}
