import fc from 'fast-check';

/**
 * fast-check arbitraries driven by the API's OpenAPI document: values that follow an operation's
 * JSON schemas (so requests get past validation and reach the handlers) and malformed variants of
 * them. Written here because no maintained library maps OpenAPI 3.1 schemas to fast-check 4.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** Values of the test's own fixtures, offered where a schema asks for an id or an address. */
export interface KnownValues {
  uuids: string[];
  emails: string[];
  base64: string[];
}

/** Strings that have broken servers: control and bidi characters, lone surrogates, injections, huge ones. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\u202eexe.pdf',
      '\ufeff',
      '\ud800',
      'null',
      'NaN',
      '-1',
      '0',
      '1e309',
      '9007199254740993',
      '../../etc/passwd',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '__proto__',
      '😀',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 100_000 }).map((n) => 'x'.repeat(n)) },
);

/** Path or query text that is no valid percent-encoding, NUL in both spellings, traversal. */
export const nastyUrlText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '%',
      '%E0%A4%A',
      '%zz',
      '%C0%AF',
      '%FF',
      '%00',
      'a%00b',
      '%2e%2e',
      '..',
      '%2F',
      '%25',
      '+',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 8_000 }).map((n) => 'y'.repeat(n)) },
);

/** Percent-encodes what encodeURIComponent can encode; lone surrogates go raw (the server must cope). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

function stringConforming(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 30, 60);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.format === 'uuid' && known.uuids.length)
    return fc.oneof(fc.constantFrom(...known.uuids), fc.uuid());
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.oneof(fc.constantFrom(...known.emails), fc.emailAddress());
  if (schema.format === 'byte') return fc.constantFrom(...known.base64);
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot follow: plain strings then.
    }
  }
  return fc.string({ minLength, maxLength });
}

/** Values the schema admits (bounds kept small: a fuzz run is about many requests, not big ones). */
export function conforming(schema: JsonSchema, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => conforming(v, known, depth)));
  if (schema.allOf?.[0]) return conforming(schema.allOf[0], known, depth);
  const types = typesOf(schema);
  if (types.length > 1)
    return fc.oneof(...types.map((type) => conforming({ ...schema, type }, known, depth)));
  switch (types[0]) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const required = schema.required ?? [];
      const model = Object.fromEntries(
        properties
          .filter(([name]) => depth < 4 || required.includes(name))
          .map(([name, property]) => [name, conforming(property, known, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: required.filter((name) => name in model) });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(conforming(schema.items ?? {}, known, depth + 1), { minLength, maxLength });
    }
    case 'string':
      return stringConforming(schema, known);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, -1_000_000),
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? -1e6, -1e6),
        max: Math.min(schema.maximum ?? 1e6, 1e6),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of a type the schema does not expect (or of the right type, unlikely to be right). */
const strangeValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(nastyString, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

type Mutation =
  { kind: 'replace'; value: unknown } | { kind: 'drop' } | { kind: 'extra'; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), value: strangeValue }),
  fc.record({ kind: fc.constant('drop' as const) }),
  fc.record({ kind: fc.constant('extra' as const), key: nastyString, value: strangeValue }),
);

/** Applies one mutation at a place chosen by `steps` (each picks a child, wrapping around). */
function mutate(value: unknown, steps: number[], change: Mutation): unknown {
  const copy = structuredClone(value);
  let parent: Record<string, unknown> | unknown[] | null = null;
  let key: string | number | null = null;
  let node: unknown = copy;
  for (const step of steps) {
    const keys = Array.isArray(node)
      ? node.map((_, i) => i)
      : node !== null && typeof node === 'object'
        ? Object.keys(node)
        : [];
    if (keys.length === 0) break;
    parent = node as Record<string, unknown> | unknown[];
    key = keys[step % keys.length]!;
    node = (parent as Record<string | number, unknown>)[key];
  }
  if (change.kind === 'extra' && node !== null && typeof node === 'object' && !Array.isArray(node)) {
    (node as Record<string, unknown>)[change.key] = change.value;
    return copy;
  }
  if (parent === null || key === null) return change.kind === 'replace' ? change.value : copy;
  if (change.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else (parent as Record<string | number, unknown>)[key] = change.kind === 'replace' ? change.value : node;
  return copy;
}

/** A value that follows the schema except in one place: a wrong type, a missing or extra field. */
export function almostConforming(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  return fc
    .tuple(conforming(schema, known), fc.array(fc.nat(), { maxLength: 5 }), mutation)
    .map(([value, steps, change]) => mutate(value, steps, change));
}

/** Bodies that are no (acceptable) JSON at all, given well-formed ones to cut or wrap. */
export function brokenJsonText(wellFormed: fc.Arbitrary<unknown>): fc.Arbitrary<string | Buffer> {
  return fc.oneof(
    fc.tuple(wellFormed, fc.nat()).map(([value, at]) => {
      const text = JSON.stringify(value) ?? '';
      return text.slice(0, at % Math.max(1, text.length));
    }),
    fc.integer({ min: 1_000, max: 150_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.integer({ min: 1_000, max: 100_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
    fc.constantFrom(
      '',
      ' ',
      'null',
      'true',
      '42',
      '"text"',
      '[]',
      '{',
      '{"a":1,}',
      "{'a':1}",
      '\ufeff{}',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
    ),
    fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d])),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    // Just over the 1 MB limit of JSON bodies.
    fc.constant(`{"a":"${'z'.repeat(1024 * 1024)}"}`),
  );
}

/** A multipart body (and its Content-Type), well-formed or broken in one of the ways parsers trip over. */
export function multipartBodies(pdf: Buffer): fc.Arbitrary<{ contentType: string; payload: Buffer }> {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const part = (name: string, filename: string | null, type: string, content: Buffer | string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const close = Buffer.from(`--${boundary}--\r\n`);
  const fileContent = fc.oneof(
    fc.constant(pdf),
    fc.constant(pdf.subarray(0, 600)),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
    fc.constant(Buffer.from('plain text\n')),
  );
  const parts = fc.array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom('file', 'password', 'other', ''), fc.option(nastyString), fileContent)
        .map(([name, filename, content]) => part(name, filename, 'application/pdf', content)),
      fc
        .tuple(fc.constantFrom('password', 'file'), nastyString)
        .map(([name, value]) => part(name, null, 'text/plain', value)),
    ),
    { minLength: 0, maxLength: 12 },
  );
  return fc.oneof(
    parts.map((list) => ({
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.concat([...list, close]),
    })),
    fc.tuple(parts, fc.nat()).map(([list, cut]) => {
      const whole = Buffer.concat([...list, close]);
      return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload: whole.subarray(0, cut % Math.max(1, whole.length)),
      };
    }),
    parts.map((list) => ({ contentType: 'multipart/form-data', payload: Buffer.concat([...list, close]) })),
    fc.tuple(parts, nastyString).map(([list, other]) => ({
      contentType: `multipart/form-data; boundary=${encode(other).slice(0, 80) || '""'}`,
      payload: Buffer.concat([...list, close]),
    })),
  );
}
