import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { billingCountryFor } from '../../../lib/i18n.ts';
import { billingKey } from '../api/billing-keys.ts';
import { finishSetupIntent } from '../api/setup-intent.ts';

/** Where the payer's country waits while the issuer's authentication page is open. */
export const pendingCountryKey = 'signet.billing.setup-country';

/** How an add that went through the issuer's page ended: added, not confirmed by the bank, or failed. */
export type AuthenticationOutcome =
  { kind: 'added' } | { kind: 'not_confirmed' } | { kind: 'failed'; error: unknown };

/**
 * Back from the issuer's authentication page (`?setup_intent=…`): finishes adding the method, takes
 * the provider's parameters out of the address, and hands the outcome to the add form, which owns
 * the one message the page shows about adding.
 */
export function useReturnFromAuthentication(
  businessId: string,
  onOutcome: (outcome: AuthenticationOutcome) => void,
) {
  const search = useSearch({ strict: false }) as { setup_intent?: string };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  // The callback is the form's; reading it through a ref keeps the effect from running again.
  const report = useRef(onOutcome);
  report.current = onOutcome;
  const intentId = search.setup_intent;
  useEffect(() => {
    if (!intentId || started.current) return;
    started.current = true;
    const country = sessionStorage.getItem(pendingCountryKey) ?? billingCountryFor();
    sessionStorage.removeItem(pendingCountryKey);
    void navigate({ to: '/business/billing/payment', search: {}, replace: true });
    finishSetupIntent(businessId, intentId, country).then(
      async (intent) => {
        await queryClient.invalidateQueries({ queryKey: billingKey(businessId) });
        report.current(intent.status === 'succeeded' ? { kind: 'added' } : { kind: 'not_confirmed' });
      },
      (error: unknown) => report.current({ kind: 'failed', error }),
    );
  }, [intentId, businessId, navigate, queryClient]);
}
