import { describe, expect, it } from 'vitest';
import { positiveInteger } from './timestamp';

describe('positiveInteger', () => {
  // A random nonce starting with 0x00 once produced a non-minimal INTEGER that openssl rejects.
  it.each([
    ['00 7f 01', '02 02 7f 01'],
    ['00 00 80', '02 02 00 80'],
    ['80 01', '02 03 00 80 01'],
    ['00 00', '02 01 00'],
    ['12 34', '02 02 12 34'],
  ])('%s → %s', (input, expected) => {
    const bytes = Uint8Array.from(input.split(' ').map((h) => parseInt(h, 16)));
    expect(Buffer.from(positiveInteger(bytes)).toString('hex').match(/../g)!.join(' ')).toBe(expected);
  });
});
