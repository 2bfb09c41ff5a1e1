import { describe, expect, it } from 'vitest';
import type { Language } from '@signet/contracts/common';
import {
  billingCountryFor,
  currencyFor,
  dateTimeFormat,
  formatDateTime,
  formatMoney,
  numberFormat,
  pickLanguage,
  prepareDateFormatting,
} from './i18n.ts';

describe('languages and formats (spec §5/§9)', () => {
  it('takes the lang query, then the stored choice, then the browser, then en-gb', () => {
    expect(pickLanguage('?lang=fr-ch', '/login', ['de-DE'])).toBe('fr-ch');
    expect(pickLanguage('', '/login', ['de-DE', 'en'])).toBe('de-ch');
    localStorage.setItem('signet.lang', 'fr-ch');
    expect(pickLanguage('', '/login', ['de-DE'])).toBe('fr-ch');
    localStorage.clear();
    expect(pickLanguage('', '/login', ['ja'])).toBe('en-gb');
  });

  it('offers Italian only in direct signing', () => {
    expect(pickLanguage('?lang=it', '/login', [])).toBe('en-gb');
    expect(pickLanguage('?lang=it', '/view/r1/u1', [])).toBe('it');
    expect(pickLanguage('?lang=it', '/direct-sign/identification/eidas', [])).toBe('it');
    expect(pickLanguage('?lang=it', '/validate', [])).toBe('it');
  });

  it('formats date and time with day, short month, year, hour and minute', () => {
    const date = new Date(2026, 10, 22, 14, 5);
    expect(formatDateTime(date, 'en-gb')).toBe('22 Nov 2026, 14:05');
    expect(formatDateTime(date, 'de-ch')).toMatch(/^22\. ?Nov\.? 2026.*14:05$/);
  });

  it('keeps one formatter per language and options, and tells languages and options apart', () => {
    const options = { month: 'short', year: '2-digit' } as const;
    const first = dateTimeFormat('de-ch', options);
    expect(dateTimeFormat('de-ch', { month: 'short', year: '2-digit' })).toBe(first);
    expect(dateTimeFormat('fr-ch', options)).not.toBe(first);
    expect(dateTimeFormat('de-ch', { month: 'long', year: '2-digit' })).not.toBe(first);
    expect(first.resolvedOptions().locale).toBe('de-CH');
    expect(numberFormat('en-gb', { style: 'currency', currency: 'CHF' })).toBe(
      numberFormat('en-gb', { style: 'currency', currency: 'CHF' }),
    );
    expect(numberFormat('en-gb', { style: 'currency', currency: 'EUR' }).format(1)).toBe('€1.00');
    expect(numberFormat('en-gb', { style: 'currency', currency: 'CHF' }).format(1)).toMatch(/^CHF.1\.00$/);
  });

  it('builds the language’s date formatter when the page is idle, and the first date then reuses it', () => {
    let idleWork: (() => void) | undefined;
    prepareDateFormatting('fr-ch', (work) => (idleWork = work));
    const Original = Intl.DateTimeFormat;
    const built: string[] = [];
    Intl.DateTimeFormat = class extends Original {
      constructor(locale?: string | string[], options?: Intl.DateTimeFormatOptions) {
        super(locale, options);
        built.push(String(locale));
      }
    } as typeof Intl.DateTimeFormat;
    try {
      idleWork!();
      expect(built).toEqual(['fr-ch']);
      expect(formatDateTime(new Date(2026, 10, 22, 14, 5), 'fr-ch')).toMatch(/^22 nov\. 2026.*14:05$/);
      expect(built).toEqual(['fr-ch']);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });

  it('uses EUR for en-gb, CHF for the Swiss locales and no currency for Italian', () => {
    expect([currencyFor('en-gb'), currencyFor('de-ch'), currencyFor('fr-ch'), currencyFor('it')]).toEqual([
      'EUR',
      'CHF',
      'CHF',
      null,
    ]);
    expect(formatMoney(12.5, 'en-gb')).toBe('€12.50');
    expect(formatMoney(12.5, 'de-ch')).toMatch(/^CHF.12\.50$/);
  });

  it('starts payment forms in the country of the language’s currency (Swiss platform)', () => {
    expect(['en-gb', 'de-ch', 'fr-ch', 'it'].map((l) => billingCountryFor(l as Language))).toEqual([
      'DE',
      'CH',
      'CH',
      'CH',
    ]);
  });
});
