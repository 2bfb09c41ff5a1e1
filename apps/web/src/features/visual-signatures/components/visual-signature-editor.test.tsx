import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VisualSignature } from '@signet/contracts/visual-signatures';
import shell from '../../../locales/en-gb.json';
import { jsonResponse } from '../../../test-support.ts';
import enGb from '../locales/en-gb.json';
import { VisualSignatureEditor } from './visual-signature-editor.tsx';

const saved: VisualSignature = {
  id: '3b8f7c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f',
  alias: 'Work',
  name: 'Max Test',
  optionalLine: null,
  location: null,
  language: 'en',
  quality: 'ses',
  legislation: 'zertes',
  provider: 'sandbox',
  hasCustomImage: false,
  displayClaim: false,
  displayStandards: true,
  displayQr: true,
  displayDate: true,
  placeholder: 'data:image/webp;base64,AA==',
  image: '/api/v1/images/signature/3b8f7c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f?v=1',
  default: true,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
};
/** A business that fixes the claim (off) and lets its members choose the rest. */
const permissions = {
  claim: { canUpdate: false, defaultValue: false },
  date: { canUpdate: true, defaultValue: true },
  std: { canUpdate: true, defaultValue: true },
};

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-gb',
    lowerCaseLng: true,
    resources: { 'en-gb': { 'visual-signatures': enGb, translation: shell } },
    react: { useSuspense: false },
  });
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});
afterEach(() => vi.unstubAllGlobals());

/** The API: preview pictures as blobs, and the create call answering `created`. */
function stubApi(created: Response) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url.includes('/v1/images/signature'))
      return Promise.resolve({ ok: true, status: 200, blob: () => Promise.resolve(new Blob(['png'])) });
    return Promise.resolve(init?.method === 'POST' ? created : jsonResponse({}));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderEditor(onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <VisualSignatureEditor
        signature={null}
        defaultName="Max Test"
        permissions={permissions}
        onSaved={onSaved}
        onCancel={() => {}}
      />
    </QueryClientProvider>,
  );
  return onSaved;
}

describe('VisualSignatureEditor', () => {
  it('shows a switch the business fixes as disabled, says why, and leaves it out of what it saves', async () => {
    const fetch = stubApi(jsonResponse(saved, 201));
    const onSaved = renderEditor();
    const claim = screen.getByRole('switch', { name: /Claim .* \(Set by your business\)/ });
    expect((claim as HTMLInputElement).disabled).toBe(true);
    expect((claim as HTMLInputElement).checked).toBe(false);
    expect(
      (screen.getByRole('switch', { name: 'QR code linking to the document' }) as HTMLInputElement).disabled,
    ).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Label/), { target: { value: 'Work' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, true));
    const create = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = JSON.parse(String(create?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ alias: 'Work', name: 'Max Test', optionalLine: null, displayQr: true });
    expect(body).not.toHaveProperty('displayClaim');
    // The live preview asks for the fixed value, not what the form could have held.
    const previews = fetch.mock.calls
      .map(([url]) => url)
      .filter((url) => url.includes('/v1/images/signature?'));
    expect(previews.at(-1)).toContain('claim=0');
  });

  it('names a refused field next to it and refuses a file that is not a PNG or JPEG before any upload', async () => {
    const fetch = stubApi(
      jsonResponse({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'x', field: 'body.name' }, 400),
    );
    const onSaved = renderEditor();
    fireEvent.change(screen.getByLabelText(/^Label/), { target: { value: 'Work' } });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain('not a PNG or JPEG');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please check this entry. Use Latin letters, digits and punctuation.');
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
    expect(fetch.mock.calls.filter(([url]) => url.endsWith('/image'))).toEqual([]);
  });
});
