import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Legislation } from '@signet/contracts/common';
import { identificationEndpoints } from '@signet/contracts/endpoints/identification';
import type { IdentificationKind } from '@signet/contracts/identification';
import { callApi } from '../../../lib/api-client.ts';
import { visitorOf, type SigningAccess } from '../../../lib/signing-access.ts';
import { providerOf } from '../identification-model.ts';

/** Cancels the ongoing identification of this kind (404 NOT_FOUND when none is ongoing any more). */
export function useCancelIdentification(
  access: SigningAccess,
  legislation: Legislation,
  kind: IdentificationKind,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi(identificationEndpoints.cancelIdentification, {
        params: providerOf(legislation, kind),
        visitor: visitorOf(access),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['identification'] }),
  });
}
