import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDialog, dialogStore, runDialogAction } from '../../components/dialog-store.ts';
import { closeOverlay, overlayStore, runOverlayAction } from '../../components/overlay-store.ts';
import { ApiError, type ClientErrorCode } from '../../lib/api-client.ts';
import { makeUser } from '../../test-support.ts';
import { startSigning, type SigningFlowOptions } from './signing-flow.ts';
import { stepForError } from './signing-outcome.ts';

const requestId = '11111111-1111-4111-8111-111111111111';
const signerId = '22222222-2222-4222-8222-222222222222';
/** The visitor's link secret (from their link's fragment): the Basic password, never the request id. */
const secret = 'c2VjcmV0LW9mLXRoZS12aXNpdG9ycy1saW5rLTAwMDA';
const responseId = '33333333-3333-4333-8333-333333333333';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

let calls: Call[] = [];
/** Answers per "METHOD path", in order; the last one repeats. */
let answers: Record<string, Array<{ status: number; body?: unknown; headers?: Record<string, string> }>> = {};

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({
        url,
        method,
        headers: init.headers as Record<string, string>,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const key = `${method} ${url.split('?')[0]}`;
      const queue = answers[key];
      if (!queue?.length) throw new Error(`unexpected call ${key}`);
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      });
    }),
  );
});

afterEach(() => {
  closeDialog();
  closeOverlay();
  vi.unstubAllGlobals();
});

const error = (statusCode: number, code: ClientErrorCode, message: string = code, field?: string) => ({
  statusCode,
  code,
  message,
  ...(field ? { field } : {}),
});
const success = {
  status: 'SUCCESS',
  responseId: null,
  signed: [{ id: requestId, status_overall: 'SIGNED' }],
};

/** Resolves once the overlay (or dialog) shown is not the progress overlay any more. */
async function settledStep(): Promise<void> {
  await vi.waitFor(() => {
    const name = overlayStore.get().overlay?.name;
    if (name === 'signing' || (!name && !dialogStore.get().dialog)) throw new Error('still signing');
  });
}

function options(extra: Partial<SigningFlowOptions> = {}): SigningFlowOptions {
  return { access: { kind: 'user' }, ...extra };
}

describe('signing flow: API answer → overlay (spec §2)', () => {
  it('shows the progress overlay while signing, then signing success', async () => {
    answers['POST /api/v3/sign'] = [{ status: 200, body: success }];
    const settled = vi.fn();
    startSigning(options({ onSettled: settled }), { ids: [requestId] });
    expect(overlayStore.get().overlay?.name).toBe('signing');
    await settledStep();
    expect(overlayStore.get().overlay).toMatchObject({
      name: 'signing-success',
      props: { signed: success.signed },
    });
    expect(calls[0]?.body).toMatchObject({ signatureRequests: [{ id: requestId }] });
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('seals with the chosen seal: its account name goes with the signing; a refused seal fails', async () => {
    answers['POST /api/v3/sign'] = [
      { status: 403, body: error(403, 'SEAL_NOT_ALLOWED', 'Ask an admin.', 'sealAccountName') },
      { status: 200, body: success },
    ];
    startSigning(options(), { ids: [requestId], sealAccountName: 'acme-invoices' });
    await settledStep();
    expect(overlayStore.get().overlay?.name).toBe('signing-failure');
    expect(calls[0]?.body).toMatchObject({
      signatureRequests: [{ id: requestId }],
      sealAccountName: 'acme-invoices',
    });
    closeOverlay();
    // Signing in one's own name sends no seal.
    startSigning(options(), { ids: [requestId] });
    await settledStep();
    expect(overlayStore.get().overlay?.name).toBe('signing-success');
    expect(calls[1]?.body).not.toHaveProperty('sealAccountName');
  });

  it('QES: asks for the TAN, shows TAN invalid on a wrong code, and signs with the right one', async () => {
    answers['POST /api/v3/sign'] = [
      { status: 200, body: { status: 'TAN_REQUIRED', responseId, signed: [] } },
    ];
    answers[`POST /api/respond/${responseId}`] = [
      {
        status: 400,
        body: {
          ...error(400, 'TAN_INVALID', 'The code is wrong. 2 attempts left.', 'secret'),
          details: { remainingAttempts: 2 },
        },
      },
      { status: 200, body: { ...success, responseId } },
    ];
    startSigning(options(), { ids: [requestId], qes: true });
    await settledStep();
    expect(overlayStore.get().overlay).toBeNull();
    expect(dialogStore.get().dialog).toMatchObject({ namespace: 'document', name: 'tan-entry' });

    await runDialogAction('submit', '000000');
    // The attempts left come from the API's structured details, not from its English message.
    expect(overlayStore.get().overlay).toMatchObject({
      name: 'tan-invalid',
      props: { responseId, remainingAttempts: 2 },
    });
    expect(calls.at(-1)?.body).toEqual({ secret: '000000' });

    await runOverlayAction('retry');
    expect(overlayStore.get().overlay).toBeNull();
    expect(dialogStore.get().dialog?.name).toBe('tan-entry');
    await runDialogAction('submit', '123456');
    expect(overlayStore.get().overlay?.name).toBe('signing-success');
    expect(dialogStore.get().dialog).toBeNull();
  });

  it('a visitor signs through the direct calls with Basic credentials', async () => {
    answers['POST /api/v3/direct/sign'] = [
      { status: 200, body: { status: 'TAN_REQUIRED', responseId, signed: [] } },
    ];
    answers['POST /api/v1/direct/tan/check'] = [{ status: 423, body: error(423, 'TAN_LOCKED') }];
    startSigning(
      { access: { kind: 'direct', signerId, requestId, secret } },
      { ids: [requestId], qes: true },
    );
    await settledStep();
    expect(calls[0]?.headers.Authorization).toBe(`Basic ${btoa(`${signerId}:${secret}`)}`);
    await runDialogAction('submit', '654321');
    expect(calls[1]?.body).toEqual({ responseId, secret: '654321' });
    expect(overlayStore.get().overlay?.name).toBe('tan-locked');
    // Starting again signs anew (a new SMS).
    answers['POST /api/v3/direct/sign'] = [{ status: 200, body: success }];
    await runOverlayAction('retry');
    expect(overlayStore.get().overlay?.name).toBe('signing-success');
  });

  it('QES with Mobile ID: waits for the phone, signs once approved, or goes on with an SMS code', async () => {
    const approval = { status: 'APPROVAL_REQUIRED', responseId, signed: [] };
    answers['POST /api/v3/sign'] = [{ status: 200, body: approval }];
    answers[`POST /api/v3/sign/approval/${responseId}`] = [{ status: 200, body: { ...success, responseId } }];
    startSigning(options(), { ids: [requestId], qes: true });
    await settledStep();
    const dialog = dialogStore.get().dialog!;
    expect(dialog).toMatchObject({ namespace: 'document', name: 'mobile-id-approval' });
    const signed = await (dialog.props!.check as () => Promise<unknown>)();
    await runDialogAction('signed', signed);
    expect(overlayStore.get().overlay?.name).toBe('signing-success');
    expect(dialogStore.get().dialog).toBeNull();

    // Another time the signer prefers the code: the QTSP sends one, and the TAN dialog takes it.
    answers[`POST /api/resend/${responseId}`] = [
      { status: 200, body: { status: 'PENDING', remainingAttempts: 3 } },
    ];
    closeOverlay();
    startSigning(options(), { ids: [requestId], qes: true });
    await settledStep();
    await runDialogAction('sms');
    expect(calls.at(-1)?.url).toBe(`/api/resend/${responseId}`);
    expect(dialogStore.get().dialog?.name).toBe('tan-entry');
  });

  it('cancelling the TAN dialog ends the pending signing on the API', async () => {
    answers['POST /api/v3/direct/sign'] = [
      { status: 200, body: { status: 'TAN_REQUIRED', responseId, signed: [] } },
    ];
    answers['POST /api/v1/direct/tan/cancel'] = [{ status: 204 }];
    startSigning(
      { access: { kind: 'direct', signerId, requestId, secret } },
      { ids: [requestId], qes: true },
    );
    await settledStep();
    await runDialogAction('cancel');
    expect(calls.at(-1)).toMatchObject({ url: '/api/v1/direct/tan/cancel', body: { responseId } });
    expect(dialogStore.get().dialog).toBeNull();
  });

  it('409 REQUEST_LOCKED shows signing locked with the Retry-After seconds', async () => {
    answers['POST /api/v3/sign'] = [
      { status: 409, body: error(409, 'REQUEST_LOCKED'), headers: { 'Retry-After': '7' } },
    ];
    startSigning(options(), { ids: [requestId] });
    await settledStep();
    expect(overlayStore.get().overlay).toMatchObject({
      name: 'signing-locked',
      props: { retryAfterSeconds: 7 },
    });
  });

  it('Part 11 asks for name, reason and password first and sends them', async () => {
    answers['POST /api/v3/sign'] = [
      { status: 400, body: error(400, 'PART11_DATA_REQUIRED', 'Re-enter your password', 'password') },
      { status: 200, body: success },
    ];
    startSigning(options({ part11Defaults: { signingName: 'Dr. Pat', signingReason: '' } }), {
      ids: [requestId],
      part11: true,
    });
    expect(overlayStore.get().overlay).toMatchObject({
      name: 'part11-verification',
      props: { defaults: { signingName: 'Dr. Pat' } },
    });
    expect(calls).toHaveLength(0);
    const values = { signingName: 'Dr. Pat', signingReason: 'Approved', password: 'wrong' };
    await runOverlayAction('verify', values);
    expect(calls[0]?.body).toMatchObject({
      signatureRequests: [{ id: requestId, signingName: 'Dr. Pat', signingReason: 'Approved' }],
      password: 'wrong',
    });
    // A wrong password brings the verification back, telling which field.
    expect(overlayStore.get().overlay).toMatchObject({
      name: 'part11-verification',
      props: { errorField: 'password' },
    });
    await runOverlayAction('verify', { ...values, password: 'right' });
    expect(overlayStore.get().overlay?.name).toBe('signing-success');
  });

  it('MOBILE_REQUIRED shows mobile AES; saving the number signs again', async () => {
    answers['POST /api/v3/sign'] = [
      { status: 400, body: error(400, 'MOBILE_REQUIRED', 'add your mobile', 'mobile') },
      { status: 200, body: { status: 'TAN_REQUIRED', responseId, signed: [] } },
    ];
    answers['PUT /api/v1/user'] = [{ status: 200, body: makeUser({ mobile: '+41 79 000 11 22' }) }];
    startSigning(options({ canAddMobile: true }), { ids: [requestId], qes: true });
    await settledStep();
    expect(overlayStore.get().overlay).toMatchObject({ name: 'mobile-aes', props: { canAddMobile: true } });
    await runOverlayAction('save', '+41 79 000 11 22');
    expect(calls[1]?.body).toEqual({ attributes: { mobile: '+41 79 000 11 22' } });
    expect(dialogStore.get().dialog?.name).toBe('tan-entry');
  });

  it('QES for a user who has not accepted the terms of use asks first', async () => {
    answers['POST /api/v1/user/accept'] = [{ status: 200, body: makeUser({ accepted_tou_swisscom: true }) }];
    answers['POST /api/v3/sign'] = [{ status: 200, body: success }];
    startSigning(options({ termsRequired: true }), { ids: [requestId], qes: true });
    expect(dialogStore.get().dialog?.name).toBe('terms-of-use');
    expect(calls).toHaveLength(0);
    await runDialogAction('accept');
    expect(calls[0]?.body).toEqual({ accept: 'tou_swisscom' });
    await settledStep();
    expect(overlayStore.get().overlay?.name).toBe('signing-success');
  });

  it('maps every error code to its overlay', () => {
    const cases: Array<[number, ClientErrorCode, string]> = [
      [400, 'TAN_EXPIRED', 'tan-expired'],
      [400, 'TAN_INVALID', 'tan-invalid'],
      [423, 'TAN_LOCKED', 'tan-locked'],
      [402, 'FREE_SIGNATURES_EXHAUSTED', 'exhausted-signatures'],
      [409, 'SERIAL_NUMBER_MISMATCH', 'serial-number-mismatch'],
      [400, 'MOBILE_REQUIRED', 'mobile-aes'],
      [503, 'TRUST_SERVICE_UNAVAILABLE', 'signing-failure'],
      [409, 'SIGNATURE_REQUEST_NOT_OPEN', 'signing-failure'],
    ];
    for (const [status, code, overlay] of cases)
      expect(stepForError(new ApiError(error(status, code))), code).toMatchObject({
        kind: 'overlay',
        name: overlay,
      });
    expect(stepForError(new ApiError(error(403, 'QUALITY_NOT_AVAILABLE')))).toEqual({
      kind: 'dialog',
      name: 'upgrade-standards',
      props: { reason: null, legislation: null },
    });
    const refused = {
      ...error(403, 'QUALITY_NOT_AVAILABLE'),
      details: { reason: 'IDENTIFICATION_ONGOING', legislation: 'zertes' },
    } as const;
    expect(stepForError(new ApiError(refused))).toEqual({
      kind: 'dialog',
      name: 'upgrade-standards',
      props: { reason: 'IDENTIFICATION_ONGOING', legislation: 'zertes' },
    });
    expect(stepForError(new ApiError(error(409, 'TAN_CANCELLED')))).toEqual({ kind: 'closed' });
    for (const code of ['SIGNING_RATE_LIMITED', 'SIGNING_BLOCKED'] as const) {
      const step = stepForError(new ApiError(error(429, code), 90_000));
      expect(step).toMatchObject({ kind: 'overlay', name: 'signing-failure', props: { code } });
      const retryAt = step.kind === 'overlay' ? Date.parse(String(step.props.retryAt)) : NaN;
      expect(Math.abs(retryAt - (Date.now() + 90_000))).toBeLessThan(5_000);
    }
    expect(stepForError(new TypeError('offline'))).toMatchObject({ name: 'signing-failure' });
  });
});
