import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Legislation } from '@signet/contracts/common';
import { identificationEndpoints } from '@signet/contracts/endpoints/identification';
import type { IdentificationKind, IdentificationState } from '@signet/contracts/identification';
import { callApi } from '../../../lib/api-client.ts';
import { accessKey, visitorOf, type SigningAccess } from '../../../lib/signing-access.ts';
import { isUnderWay, providerOf } from '../identification-model.ts';

/** While the person is at the provider or the provider decides, the page asks again this often. */
const pollMs = 3000;

export const identificationQueryKey = (
  access: SigningAccess,
  legislation: Legislation,
  kind: IdentificationKind,
) => ['identification', accessKey(access), legislation, kind] as const;

/**
 * The caller's latest identification of this kind. One under way is asked for through the status
 * call, which asks the provider too: the person may come back before the provider's webhook arrived.
 */
async function getIdentification(
  access: SigningAccess,
  legislation: Legislation,
  kind: IdentificationKind,
): Promise<IdentificationState> {
  const visitor = visitorOf(access);
  const latest = await callApi(identificationEndpoints.getIdentification, {
    params: providerOf(legislation, kind),
    retry: true,
    visitor,
  });
  if (!latest.id || !isUnderWay(latest)) return latest;
  return callApi(identificationEndpoints.identificationStatus, {
    params: { id: latest.id },
    retry: true,
    visitor,
  });
}

export function useIdentification(access: SigningAccess, legislation: Legislation, kind: IdentificationKind) {
  return useQuery(
    queryOptions({
      queryKey: identificationQueryKey(access, legislation, kind),
      queryFn: () => getIdentification(access, legislation, kind),
      refetchInterval: (query) => (query.state.data && isUnderWay(query.state.data) ? pollMs : false),
    }),
  );
}
