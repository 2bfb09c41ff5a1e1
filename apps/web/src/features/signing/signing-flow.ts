import type { ReactNode } from 'react';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import { closeOverlay, openOverlay } from '../../components/overlay-store.ts';
import { closeDialog, openDialog } from '../../components/dialog-store.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { callApi } from '../../lib/api-client.ts';
import { visitorOf, type SigningAccess } from '../../lib/signing-access.ts';
import { sign, type SignInput, type SignOutcome } from './api/sign.ts';
import { cancelTan, checkApproval, resendTan, respondTan } from './api/tan.ts';
import { stepForError, stepForResult, type SigningStep } from './signing-outcome.ts';

export interface SigningFlowOptions {
  access: SigningAccess;
  /** After every end of a signing attempt (the page reloads the request and its events). */
  onSettled?: () => void;
  /** Shown under the success overlay (direct sign: the exit countdown). */
  afterSuccess?: (signed: SignOutcome['signed']) => ReactNode;
  /** Shown under the failure overlay (direct sign: the countdown to the error URL). */
  afterFailure?: () => ReactNode;
  /** Part 11 name and reason proposed from the profile. */
  part11Defaults?: { signingName: string; signingReason: string };
  /** The signer may store a mobile number (account signers; a visitor's comes from the sender). */
  canAddMobile?: boolean;
  /** QES needs the trust service's terms of use accepted first (account signers). */
  termsRequired?: boolean;
}

export interface SigningTarget {
  ids: string[];
  /** Part 11: name, reason and password are asked first. */
  part11?: boolean;
  qes?: boolean;
  /** Sign with this business seal instead of in one's own name (no TAN: the business's certificate). */
  sealAccountName?: string;
}

interface Part11Values {
  signingName: string;
  signingReason: string;
  password: string;
}

/**
 * Runs one signing from the click on Sign to its last overlay: the progress overlay, then each
 * answer of the API becomes the overlay or dialog of spec §2 (signing-outcome.ts says which).
 */
export function startSigning(options: SigningFlowOptions, target: SigningTarget): void {
  const body: SignInput = {
    signatureRequests: target.ids.map((id) => ({ id })),
    language: currentLanguage(),
    ...(target.sealAccountName ? { sealAccountName: target.sealAccountName } : {}),
  };
  const begin = () => (target.part11 ? askPart11(options, body, null) : void run(options, body));
  if (target.qes && options.termsRequired) {
    openDialog({
      namespace: 'document',
      name: 'terms-of-use',
      onAction: async (action) => {
        if (action !== 'accept') return;
        // The qualified trust service's terms of use, before the first QES.
        await callApi(accountEndpoints.accept, { body: { accept: 'tou_swisscom' } });
        begin();
      },
    });
    return;
  }
  begin();
}

function askPart11(options: SigningFlowOptions, body: SignInput, errorField: string | null): void {
  openOverlay({
    name: 'part11-verification',
    props: { errorField, defaults: options.part11Defaults ?? null },
    onAction: (action, value) => {
      if (action !== 'verify') return;
      const values = value as Part11Values;
      return run(options, {
        ...body,
        signatureRequests: body.signatureRequests.map((item) => ({
          ...item,
          signingName: values.signingName,
          signingReason: values.signingReason,
        })),
        password: values.password,
      });
    },
  });
}

async function run(options: SigningFlowOptions, body: SignInput): Promise<void> {
  openOverlay({ name: 'signing' });
  let step: SigningStep;
  try {
    step = stepForResult(await sign(options.access, body));
  } catch (error) {
    step = stepForError(error);
  }
  show(options, body, step);
}

function openTanDialog(options: SigningFlowOptions, body: SignInput, responseId: string): void {
  closeOverlay();
  openDialog({
    namespace: 'document',
    name: 'tan-entry',
    props: { resend: () => resendTan(options.access, responseId) },
    onAction: async (action, value) => {
      if (action === 'cancel') {
        await cancelTan(options.access, responseId).catch(() => undefined);
        options.onSettled?.();
        return;
      }
      if (action !== 'submit') return;
      openOverlay({ name: 'signing' });
      let step: SigningStep;
      try {
        step = stepForResult(await respondTan(options.access, responseId, String(value ?? '')));
      } catch (error) {
        step = stepForError(error, responseId);
      }
      show(options, body, step);
    },
  });
}

/**
 * QES with Mobile ID: the dialog waits for the phone's answer. The signer may go on with an SMS code
 * instead (the QTSP withdraws the question to the phone and sends one), cancel, or start again after
 * a decline or no answer in time.
 */
function openApprovalDialog(options: SigningFlowOptions, body: SignInput, responseId: string): void {
  closeOverlay();
  openDialog({
    namespace: 'document',
    name: 'mobile-id-approval',
    props: {
      check: () => checkApproval(responseId),
      cancel: () => cancelTan(options.access, responseId),
    },
    onAction: async (action, value) => {
      if (action === 'signed') return show(options, body, stepForResult(value as SignOutcome));
      if (action === 'failed') return show(options, body, stepForError(value, responseId));
      if (action === 'retry') return run(options, body);
      if (action === 'sms') {
        try {
          await resendTan(options.access, responseId);
        } catch (error) {
          return show(options, body, stepForError(error, responseId));
        }
        return openTanDialog(options, body, responseId);
      }
      if (action === 'cancel') await cancelTan(options.access, responseId).catch(() => undefined);
      options.onSettled?.();
    },
  });
}

/** Shows the step; the overlay's actions lead on (retry, try the code again, start again …). */
function show(options: SigningFlowOptions, body: SignInput, step: SigningStep): void {
  const again = () => run(options, body);
  if (step.kind === 'tan') return openTanDialog(options, body, step.responseId);
  if (step.kind === 'approval') return openApprovalDialog(options, body, step.responseId);
  options.onSettled?.();
  if (step.kind === 'closed') return closeOverlay();
  if (step.kind === 'dialog') {
    closeOverlay();
    // The dialog leads to identification for this request, and from there back to its signing.
    const requestId = body.signatureRequests[0]?.id ?? null;
    openDialog({
      namespace: 'document',
      name: step.name,
      props: { ...step.props, access: options.access, requestId },
    });
    return;
  }
  const { name, props } = step;
  switch (name) {
    case 'signing-success':
      openOverlay({
        name,
        props: { ...props, extra: options.afterSuccess?.(props.signed as SignOutcome['signed']) ?? null },
      });
      return;
    case 'signing-failure':
      openOverlay({
        name,
        props: { ...props, extra: options.afterFailure?.() ?? null },
        onAction: (action) => (action === 'retry' ? again() : undefined),
      });
      return;
    case 'tan-invalid':
      openOverlay({
        name,
        props,
        onAction: (action) => {
          if (action !== 'retry' || typeof props.responseId !== 'string') return;
          openTanDialog(options, body, props.responseId);
        },
      });
      return;
    case 'part11-verification':
      askPart11(options, body, (props.errorField as string | null) ?? null);
      return;
    case 'mobile-aes':
      openOverlay({
        name,
        props: { canAddMobile: Boolean(options.canAddMobile) },
        onAction: async (action, value) => {
          if (action !== 'save') return;
          // The account's mobile number, where the QES codes are sent.
          await callApi(accountEndpoints.updateUser, { body: { attributes: { mobile: String(value) } } });
          await again();
        },
      });
      return;
    case 'signing-locked':
      openOverlay({
        name,
        props: {
          ...props,
          // The lock may end before Retry-After (the other signer finished or cancelled).
          isFree: async () => {
            const states = await Promise.all(
              body.signatureRequests.map((item) =>
                callApi(signatureRequestEndpoints.getLockStatus, {
                  params: { id: item.id },
                  visitor: visitorOf(options.access),
                }),
              ),
            );
            return states.every((state) => !state.locked);
          },
        },
        onAction: (action) => (action === 'retry' ? again() : undefined),
      });
      return;
    default:
      // TAN expired or locked: starting again is the way on.
      openOverlay({ name, props, onAction: (action) => (action === 'retry' ? again() : undefined) });
  }
}

/** Closes whatever the flow shows (the page unmounts). */
export function endSigning(): void {
  closeOverlay();
  closeDialog();
}
