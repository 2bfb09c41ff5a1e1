import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enGb from '../locales/en-gb.json';
import { RequestList } from './request-list.tsx';
import { jsonResponse } from '../../../test-support.ts';
import { renderRoutes } from '../../../test-render.tsx';

const me = { id: 'me', email: 'me@example.ch' };

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-gb',
    lowerCaseLng: true,
    resources: { 'en-gb': { dashboard: enGb } },
    react: { useSuspense: false },
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  renderRoutes(
    {
      '/': () => (
        <RequestList
          search={{ tab: 'inbox', filter: 'toSign' }}
          viewer={me}
          onDelete={() => {}}
          onSigned={() => {}}
        />
      ),
    },
    '/',
  );
}

describe('RequestList', () => {
  it('shows a load failure with a retry that loads again', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          fail
            ? jsonResponse({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'bad' }, 400)
            : jsonResponse({ items: [], total: 0, page: 1, size: 20, next: null }),
        ),
      ),
    );
    renderList();
    await screen.findByText(/could not be loaded/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Nothing to sign');
    await waitFor(() => expect(screen.queryByText(/could not be loaded/)).toBeNull());
  });
});
