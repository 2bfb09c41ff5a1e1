import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Legislation } from '@signet/contracts/common';
import { identificationEndpoints } from '@signet/contracts/endpoints/identification';
import type { IdentificationKind, IdentificationState } from '@signet/contracts/identification';
import { callApi } from '../../../lib/api-client.ts';
import { accessKey, visitorOf, type SigningAccess } from '../../../lib/signing-access.ts';
import { isUnderWay, providerOf } from '../identification-model.ts';

/** While the person is at the provider or the provider decides, the page asks again this often. */
const pollMs = 3000;

/** One way to identify under one legislation, for one person: an account user, or a request's visitor. */
export type IdentificationTarget = {
  access: SigningAccess;
  legislation: Legislation;
  kind: IdentificationKind;
};

export const identificationQueryKey = ({ access, legislation, kind }: IdentificationTarget) =>
  ['identification', accessKey(access), legislation, kind] as const;

/** What every identification call of a target sends: its provider and method, the visitor's link. */
export const identificationCall = ({ access, legislation, kind }: IdentificationTarget) => ({
  params: providerOf(legislation, kind),
  visitor: visitorOf(access),
});

/**
 * The caller's latest identification of this kind. One under way is asked for through the status
 * call, which asks the provider too: the person may come back before the provider's webhook arrived.
 */
async function getIdentification(target: IdentificationTarget): Promise<IdentificationState> {
  const call = identificationCall(target);
  const latest = await callApi(identificationEndpoints.getIdentification, { ...call, retry: true });
  if (!latest.id || !isUnderWay(latest)) return latest;
  return callApi(identificationEndpoints.identificationStatus, {
    params: { id: latest.id },
    retry: true,
    visitor: call.visitor,
  });
}

export function useIdentification(target: IdentificationTarget) {
  return useQuery(
    queryOptions({
      queryKey: identificationQueryKey(target),
      queryFn: () => getIdentification(target),
      refetchInterval: (query) => (query.state.data && isUnderWay(query.state.data) ? pollMs : false),
    }),
  );
}
