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

  // Feature namespaces (features/<name>/locales/<lang>.json, see lib/i18n.ts) follow the same rules; a
  // feature with an it.json is shown in direct signing and must be complete in Italian too.
  const featureFiles = import.meta.glob<Tree>('../features/*/locales/*.json', {
    eager: true,
    import: 'default',
  });
  const byFeature = new Map<string, Map<string, Tree>>();
  for (const [path, tree] of Object.entries(featureFiles)) {
    const [, feature, language] = /features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(path) ?? [];
    if (!feature || !language) continue;
    byFeature.set(feature, (byFeature.get(feature) ?? new Map<string, Tree>()).set(language, tree));
  }
  for (const [feature, files] of byFeature) {
    it(`feature ${feature}: every language has every en-gb string with the same placeholders`, () => {
      const base = flatten(files.get('en-gb') ?? {});
      expect(base.size, 'en-gb.json is the reference').toBeGreaterThan(0);
      const required = ['de-ch', 'fr-ch', ...(files.has('it') ? ['it'] : [])];
      for (const language of required) {
        const other = flatten(files.get(language) ?? {});
        expect(
          [...base.keys()].filter((key) => !other.has(key)),
          language,
        ).toEqual([]);
        for (const [key, text] of base)
          expect(placeholders(other.get(key) ?? ''), `${language} ${key}`).toEqual(placeholders(text));
        if (language === 'de-ch')
          expect([...other.values()].filter((text) => text.includes('ß'))).toEqual([]);
      }
    });
  }

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
