import { defaultBusinessSettings, type UserBusiness } from '@signet/contracts/businesses';

/**
 * A membership as GET /v2/businesses/user answers it, for pages whose business is stubbed (a state
 * the API cannot make, e.g. locked by billing). The web app reads it with the contract's schema.
 */
export function membershipAnswer(role: 'admin' | 'member', paymentMethod = 'STRIPE'): string {
  const business: UserBusiness = {
    id: 'b1',
    name: 'Acme AG',
    role,
    billing: { paymentMethod },
    pricePlan: { name: 'team' },
    settings: defaultBusinessSettings,
    planStart: null,
  };
  return JSON.stringify(business);
}
