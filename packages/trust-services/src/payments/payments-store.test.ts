import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../test-support/openssl.js';
import { parseStripeForm } from './form-params.js';
import { PaymentsStore } from './payments-store.js';
import { StripeApiError } from './stripe-error.js';

let dir: string;
beforeAll(async () => (dir = await makeTempDir('payments-store')));
afterAll(() => removeDir(dir));

describe('the payments sandbox state', () => {
  it('forgets events past 30 days unless a delivery still waits for them, and keeps everything else', async () => {
    const store = new PaymentsStore(dir);
    const now = store.now();
    store.insert({ id: 'evt_old', object: 'event', created: now - 40 * 86400 });
    store.insert({ id: 'evt_waiting', object: 'event', created: now - 40 * 86400 });
    store.insert({ id: 'evt_new', object: 'event', created: now });
    store.insert({ id: 'cus_old', object: 'customer', created: now - 400 * 86400 });
    store.deliveries.push({ eventId: 'evt_waiting', attempts: 3, nextAttemptAt: Date.now() });
    store.forgetEventsBefore(now - 30 * 86400);
    expect(store.all('event').map((e) => e.id)).toEqual(['evt_new', 'evt_waiting']);
    expect(store.find('cus_old')).toBeDefined();
    await store.save();
    const reloaded = new PaymentsStore(dir);
    expect(reloaded.find('evt_old')).toBeUndefined();
    expect(reloaded.deliveries).toEqual([
      { eventId: 'evt_waiting', attempts: 3, nextAttemptAt: expect.any(Number) },
    ]);
  });

  it('reads Stripe bracket notation with indices or [], and refuses prototype keys and mixed shapes', () => {
    expect(
      parseStripeForm(
        'items[0][price]=p1&items[1][price]=p2&items[1][quantity]=3&expand[]=a&expand[]=b&metadata[plan]=team',
      ),
    ).toEqual({
      items: [{ price: 'p1' }, { price: 'p2', quantity: '3' }],
      expand: ['a', 'b'],
      metadata: { plan: 'team' },
    });
    expect(() => parseStripeForm('__proto__[admin]=1')).toThrow(StripeApiError);
    expect(() => parseStripeForm('metadata=x&metadata[a]=1')).toThrow(StripeApiError);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
