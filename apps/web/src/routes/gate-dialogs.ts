import type { QueryClient } from '@tanstack/react-query';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import type { BodyOf } from '@signet/contracts/endpoint';
import { userQueryKey } from '../lib/api/get-user.ts';
import { callApi } from '../lib/api-client.ts';
import { showSnackbar } from '../components/snackbar-store.ts';
import { getAppRouter } from './app-navigation.ts';

/** An error already shown to the user; the dialog host adds no second message. */
class HandledError extends Error {
  override name = 'HandledError';
}

async function refreshUser(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: userQueryKey });
  await getAppRouter()?.invalidate();
}

/** Accept the terms (gtc), or the invitation of the business the user was made a member of. */
const accept = (what: BodyOf<typeof accountEndpoints.accept>['accept']) =>
  callApi(accountEndpoints.accept, { body: { accept: what } });

/** What the spec §4 gate dialogs do when the user acts in them. */
export function gateDialogAction(name: string, queryClient: QueryClient) {
  return async (action: string): Promise<void> => {
    if (action === 'logout') return void getAppRouter()?.navigate({ to: '/logout' });
    if (action !== 'accept') return;
    if (name === 'accept-terms') await accept('gtc');
    if (name === 'business-invitation') await accept('business_invite');
    if (name === 'business-downgraded') {
      try {
        // After a downgrade, accepting the terms clears the flags (spec §4).
        await accept('gtc');
      } catch {
        showSnackbar({ message: 'global.error.generic_support', color: 'error' });
        throw new HandledError('accept terms failed');
      }
      // Onwards to /billing before the user is read again: without the flags, the guards keep
      // people who belong to no business off /billing.
      await getAppRouter()?.navigate({ to: '/billing' });
      return void (await queryClient.invalidateQueries({ queryKey: userQueryKey }));
    }
    await refreshUser(queryClient);
  };
}
