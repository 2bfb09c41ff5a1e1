import { describe, expect, it } from 'vitest';
import type { SignatureQualities } from '../../lib/api/get-signature-qualities.ts';
import { methodsFor, offerOf, providerOf, standardState } from './identification-model.ts';

const none = { status: null, url: null, failureReason: null };

/** A qualities detail with QES under neither legislation, and the identification entries given. */
function detail(
  identification: Partial<{ [L in 'eidas' | 'zertes']: Record<string, unknown> }> = {},
  qesAvailable: Partial<Record<'eidas' | 'zertes', boolean>> = {},
): SignatureQualities {
  return {
    highestQuality: 'ses',
    emailVerified: true,
    qualities: (['eidas', 'zertes'] as const).map((legislation) => ({
      quality: 'qes' as const,
      legislation,
      available: qesAvailable[legislation] ?? false,
      reason: qesAvailable[legislation] ? null : ('IDENTIFICATION_REQUIRED' as const),
      demo: true,
    })),
    identification: {
      eidas: { video: none, self: none, ...identification.eidas },
      zertes: { video: none, auto: none, ...identification.zertes },
    },
  } as SignatureQualities;
}

describe('identification model', () => {
  it('lists spec §9 methods by coverage, with Signet’s own ways added when not covered', () => {
    expect(methodsFor('eidas', true)).toEqual(['video', 'self', 'id-austria']);
    expect(methodsFor('zertes', true)).toEqual(['video', 'auto', 'loc']);
    expect(methodsFor('eidas', false)).toEqual(['id-austria', 'external-sc', 'self', 'video']);
    expect(methodsFor('zertes', false)).toEqual(['loc', 'external-sc', 'auto', 'video']);
  });

  it('offers Signet’s own ways on their provider pages and ID Austria through its eID login', () => {
    expect(['video', 'self', 'auto'].map((m) => offerOf(m as 'video'))).toEqual([
      'provider',
      'provider',
      'provider',
    ]);
    expect(offerOf('id-austria')).toBe('id-austria');
    expect(offerOf('external-sc')).toBe('none');
    expect(offerOf('loc')).toBe('none');
  });

  it('maps each way to the provider and method that offer it', () => {
    expect(providerOf('eidas', 'self')).toEqual({ provider: 'srs', method: 'robo' });
    expect(providerOf('eidas', 'video')).toEqual({ provider: 'srs', method: 'video' });
    expect(providerOf('zertes', 'auto')).toEqual({ provider: 'intrum', method: 'autoident' });
    expect(() => providerOf('zertes', 'self')).toThrow();
  });

  it('says available when QES is, else ongoing before failed before not started', () => {
    expect(standardState(detail(), 'eidas')).toEqual({ kind: 'notStarted' });
    const failed = { status: 'failure', url: null, failureReason: 'abandoned' };
    const ongoing = { status: 'inprogress', url: 'https://provider/x', failureReason: null };
    expect(standardState(detail({ zertes: { video: failed } }), 'zertes')).toEqual({
      kind: 'failed',
      way: 'video',
      reason: 'abandoned',
    });
    expect(standardState(detail({ zertes: { video: failed, auto: ongoing } }), 'zertes')).toEqual({
      kind: 'ongoing',
      way: 'auto',
      status: 'inprogress',
    });
    // The other legislation's state does not leak.
    expect(standardState(detail({ zertes: { auto: ongoing } }), 'eidas')).toEqual({ kind: 'notStarted' });
    const succeeded = { status: 'activatingQES', url: null, failureReason: null };
    expect(standardState(detail({ eidas: { self: succeeded } }, { eidas: true }), 'eidas')).toEqual({
      kind: 'available',
    });
  });
});
