import { describe, expect, it } from 'vitest';
import type { Language } from '@signet/contracts/common';
import { billingCountryFor, currencyFor, formatDateTime, formatMoney, pickLanguage } from './i18n.ts';

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
