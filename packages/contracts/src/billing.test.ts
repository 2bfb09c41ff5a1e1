import { describe, expect, it } from 'vitest';
import { currencyFor, planTraits, platformOf } from './billing.ts';

describe('spec §9 platform and currency', () => {
  it('is the EU platform at a domain ending in .de or .eu, CH everywhere else', () => {
    expect(platformOf('sign.example.de')).toBe('EU');
    expect(platformOf('signet.EU')).toBe('EU');
    expect(platformOf('sign.example.ch')).toBe('CH');
    expect(platformOf('localhost')).toBe('CH');
    // Only the end counts.
    expect(platformOf('de.example.com')).toBe('CH');
    expect(platformOf('example.deu')).toBe('CH');
  });

  it('prices in EUR for en-gb and on the EU platform, in CHF for de-ch, fr-ch and it on CH', () => {
    expect(currencyFor('en-gb', 'CH')).toBe('EUR');
    expect(currencyFor('de-ch', 'CH')).toBe('CHF');
    expect(currencyFor('fr-ch', 'CH')).toBe('CHF');
    expect(currencyFor('it', 'CH')).toBe('CHF');
    for (const language of ['en-gb', 'de-ch', 'fr-ch', 'it'] as const)
      expect(currencyFor(language, 'EU')).toBe('EUR');
  });
});

describe('spec §4 plan names', () => {
  it('tells enterprise, legacy, free and pre-2023 plans apart', () => {
    expect(planTraits('ent_custom_acme')).toEqual({
      enterprise: true,
      legacy: false,
      free: false,
      prePricing2023: false,
    });
    expect(planTraits('ent_v2')).toMatchObject({ enterprise: true, legacy: true });
    expect(planTraits('sme_v2')).toMatchObject({ enterprise: false, legacy: true });
    for (const name of ['free', 'free_v1', 'free_migrated']) expect(planTraits(name).free).toBe(true);
    expect(planTraits('team')).toEqual({
      enterprise: false,
      legacy: false,
      free: false,
      prePricing2023: false,
    });
    expect(planTraits(null).prePricing2023).toBe(true);
  });
});
