import { describe, expect, it } from 'vitest';
import { SigningAdmission } from './signing-admission.ts';

/** A piece of work that ends when the test says so, noting when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    open: () => open(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('signing admission', () => {
  it('runs at most its capacity at once and the rest in the order they came', async () => {
    const admission = new SigningAdmission(2);
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const results = gates.map((g) => admission.run(g.work));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    expect(admission.usage()).toEqual({ capacity: 2, signing: 2, queued: 2 });
    gates[1]!.open();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    expect(admission.usage()).toEqual({ capacity: 2, signing: 0, queued: 0 });
  });

  it('frees the place of a signature that failed', async () => {
    const admission = new SigningAdmission(1);
    await expect(admission.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(admission.usage().signing).toBe(0);
    expect(await admission.run(async () => 'next')).toBe('next');
  });
});
