import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Legislation } from '@signet/contracts/common';
import { identificationEndpoints } from '@signet/contracts/endpoints/identification';
import type { IdentificationKind } from '@signet/contracts/identification';
import { callApi } from '../../../lib/api-client.ts';
import { visitorOf, type SigningAccess } from '../../../lib/signing-access.ts';
import { providerOf } from '../identification-model.ts';
import { identificationQueryKey } from './get-identification.ts';

/**
 * Starts an identification (or resumes the ongoing one) for a signature request, if one is given;
 * the answer's `url` is the provider's page. 403 EMAIL_NOT_VERIFIED, 409 ALREADY_IDENTIFIED.
 */
export function useStartIdentification(
  access: SigningAccess,
  legislation: Legislation,
  kind: IdentificationKind,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signatureRequestId: string | undefined) =>
      callApi(identificationEndpoints.startIdentification, {
        params: providerOf(legislation, kind),
        body: signatureRequestId ? { signatureRequestId } : {},
        visitor: visitorOf(access),
      }),
    onSuccess: (state) => queryClient.setQueryData(identificationQueryKey(access, legislation, kind), state),
  });
}
