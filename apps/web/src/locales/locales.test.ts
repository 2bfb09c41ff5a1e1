import { describe, expect, it } from 'vitest';
import deCh from './de-ch.json';
import enGb from './en-gb.json';
import frCh from './fr-ch.json';
import it_ from './it.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const en = flatten(enGb as Tree);
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

describe('locales', () => {
  for (const [name, tree] of [
    ['de-ch', deCh],
    ['fr-ch', frCh],
  ] as const) {
    it(`${name} translates every en-gb string with the same placeholders`, () => {
      const other = flatten(tree as Tree);
      const missing = [...en.keys()].filter((key) => !other.has(key));
      expect(missing).toEqual([]);
      for (const [key, text] of en)
        expect(placeholders(other.get(key) ?? ''), key).toEqual(placeholders(text));
    });
  }

  it('de-ch follows Swiss spelling (no ß)', () => {
    expect([...flatten(deCh as Tree).values()].filter((text) => text.includes('ß'))).toEqual([]);
  });

  it('Italian covers the shell and the direct-sign pages it is offered for', () => {
    const italian = flatten(it_ as Tree);
    const needed = [...en.keys()].filter(
      (key) =>
        /^(common|shell|error_page|not_found|validation|errors|global|direct_sign|planned)\./.test(key) ||
        /^(titles|pages)\.direct-/.test(key),
    );
    expect(needed.filter((key) => !italian.has(key))).toEqual([]);
  });
});
