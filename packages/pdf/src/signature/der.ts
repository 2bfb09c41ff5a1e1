/**
 * A minimal DER writer. The CMS structures the engine emits are assembled from byte strings
 * that are already DER (certificates, names, tokens), so re-encoding them through an object
 * model would only risk changing bytes that others have hashed.
 */

function derLength(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function tlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const body = concatBytes(contents);
  return concatBytes([Uint8Array.of(tag), derLength(body.length), body]);
}

export const derSequence = (...contents: Uint8Array[]): Uint8Array => tlv(0x30, ...contents);

/** DER SET OF: members sorted by their encodings (X.690 11.6). */
export function derSetOf(members: readonly Uint8Array[]): Uint8Array {
  const sorted = [...members].sort(compareBytes);
  return tlv(0x31, ...sorted);
}

export const derOctetString = (value: Uint8Array): Uint8Array => tlv(0x04, value);

export function derSmallInteger(value: number): Uint8Array {
  if (value < 0 || value > 127) throw new RangeError('only small non-negative integers');
  return tlv(0x02, Uint8Array.of(value));
}

export function derOid(dotted: string): Uint8Array {
  const arcs = dotted.split('.').map((arc) => BigInt(arc));
  const [first, second, ...rest] = arcs;
  if (first === undefined || second === undefined) throw new RangeError(`bad OID ${dotted}`);
  const body: number[] = [];
  for (const arc of [first * 40n + second, ...rest]) {
    const chunk: number[] = [Number(arc & 0x7fn)];
    for (let n = arc >> 7n; n > 0n; n >>= 7n) chunk.unshift(Number(n & 0x7fn) | 0x80);
    body.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(body));
}

/** AlgorithmIdentifier; `withNull` for the algorithms whose parameters are an explicit NULL. */
export function derAlgorithm(oid: string, withNull: boolean): Uint8Array {
  return withNull ? derSequence(derOid(oid), Uint8Array.of(0x05, 0x00)) : derSequence(derOid(oid));
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const diff = (a[i] as number) - (b[i] as number);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && compareBytes(a, b) === 0;
}
