import type { BodyOf } from '@signet/contracts/endpoint';
import { requestParticipantEndpoints as participants } from '@signet/contracts/endpoints/request-participants';
import { signatureRequestEndpoints as requests } from '@signet/contracts/endpoints/signature-requests';
import { callApi } from '../../../lib/api-client.ts';
import { visitorOf, type SigningAccess } from '../../../lib/signing-access.ts';

export type DelegateInput = BodyOf<typeof participants.delegateSignature>;
export type AddSignerInput = BodyOf<typeof participants.addSigner>;

/** An optional message (decline, withdraw): an empty one is not sent. */
const messageBody = (message: string) => (message ? { message } : {});

/**
 * The calls behind the signing view's buttons and dialogs, for one request as its reader sees it.
 * A visitor may only decline; the other calls are for account users (signers and the owner).
 */
export function requestActions(access: SigningAccess, id: string) {
  const params = { id };
  return {
    decline: (message: string) =>
      callApi(participants.declineSignature, {
        params,
        body: messageBody(message),
        visitor: visitorOf(access),
      }),
    delegate: (body: DelegateInput) => callApi(participants.delegateSignature, { params, body }),
    addSigner: (body: AddSignerInput) => callApi(participants.addSigner, { params, body }),
    removeSigner: (sid: string) => callApi(participants.removeSigner, { params: { id, sid } }),
    addObserver: (email: string) => callApi(participants.addObserver, { params, body: { email } }),
    remind: () => callApi(requests.remindSigners, { params }),
    withdraw: (message: string) =>
      callApi(requests.withdrawSignatureRequest, { params, body: messageBody(message) }),
    deleteRequest: () => callApi(requests.deleteSignatureRequest, { params }),
  };
}
