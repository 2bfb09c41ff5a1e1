import { z } from 'zod';
import { BillingCycle, Currency, chosenPlans } from '@signet/contracts/billing';

// While the browser is away on the provider's authentication page (3-D Secure), what the person
// chose waits in this tab's session storage, under the setup intent it belongs to. Nothing secret:
// the card details went to the provider, and the client secret is not kept.

const storageKey = 'signet.pending-upgrade';

const PendingUpgrade = z.object({
  setupIntentId: z.string(),
  plan: z.enum(chosenPlans),
  cycle: BillingCycle,
  currency: Currency,
  seats: z.number().int(),
  promoCode: z.string().optional(),
  businessName: z.string(),
});
export type PendingUpgrade = z.infer<typeof PendingUpgrade>;

export function keepPendingUpgrade(pending: PendingUpgrade): void {
  sessionStorage.setItem(storageKey, JSON.stringify(pending));
}

/** The choice waiting for this setup intent, taken out of storage (it is used once). */
export function takePendingUpgrade(setupIntentId: string): PendingUpgrade | null {
  const stored = sessionStorage.getItem(storageKey);
  sessionStorage.removeItem(storageKey);
  if (!stored) return null;
  try {
    const parsed = PendingUpgrade.safeParse(JSON.parse(stored));
    return parsed.success && parsed.data.setupIntentId === setupIntentId ? parsed.data : null;
  } catch {
    return null;
  }
}
