import { useQuery } from '@tanstack/react-query';
import { signatureRequestQueryOptions } from '../../lib/api/get-signature-request.ts';
import { userQueryOptions } from '../../lib/api/get-user.ts';
import type { SigningAccess } from '../../lib/signing-access.ts';

/**
 * The name and e-mail an identification is checked against: the account's, or for a visitor the
 * ones the sender gave for their signature (the provider must find that name on the document).
 * Only the caller's own kind of call is made: a visitor has no session to ask /v1/user with.
 */
export function usePerson(access: SigningAccess): { name: string; email: string } | undefined {
  const visitor = access.kind === 'direct';
  const user = useQuery({ ...userQueryOptions, enabled: !visitor });
  const request = useQuery({
    ...signatureRequestQueryOptions(access, visitor ? access.requestId : ''),
    enabled: visitor,
  });
  if (!visitor)
    return user.data && { name: `${user.data.firstName} ${user.data.lastName}`, email: user.data.email };
  const me = request.data?.signatures.find((signature) => signature.sid === access.signerId);
  return me && { name: `${me.first_name} ${me.last_name}`, email: me.email };
}
