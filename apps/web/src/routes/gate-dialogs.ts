import type { QueryClient } from '@tanstack/react-query';
import { accept } from '../features/account/api/accept.ts';
import { userQueryKey } from '../features/account/api/get-user.ts';
import { acceptInvitation, acceptTermsAfterDowngrade } from '../features/business/api/accept-invitation.ts';
import { showSnackbar } from '../components/snackbar-store.ts';
import { getAppRouter } from './app-navigation.ts';

/** An error already shown to the user; the dialog host adds no second message. */
export class HandledError extends Error {
  override name = 'HandledError';
}

async function refreshUser(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: userQueryKey });
  await getAppRouter()?.invalidate();
}

/** What the spec §4 gate dialogs do when the user acts in them. */
export function gateDialogAction(name: string, queryClient: QueryClient) {
  return async (action: string): Promise<void> => {
    if (action === 'logout') return void getAppRouter()?.navigate({ to: '/logout' });
    if (action !== 'accept') return;
    if (name === 'accept-terms') await accept('gtc');
    if (name === 'business-invitation') await acceptInvitation();
    if (name === 'business-downgraded') {
      try {
        await acceptTermsAfterDowngrade();
      } catch {
        showSnackbar({ message: 'global.error.generic_support', color: 'error' });
        throw new HandledError('accept terms failed');
      }
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      return void getAppRouter()?.navigate({ to: '/billing' });
    }
    await refreshUser(queryClient);
  };
}
