import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StagingMarker } from './root-shell.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-gb', resources: {} });
});
afterEach(() => {
  delete window.__SIGNET_CONFIG__;
});

describe('Test System frame (spec §2/§4)', () => {
  it('frames the page on four sides outside production', async () => {
    window.__SIGNET_CONFIG__ = { mode: 'staging' };
    render(<StagingMarker />);
    // The frame is a lazy chunk: on a busy machine its import takes longer than the default 1 s.
    const frame = await screen.findByTestId('staging-frame', {}, { timeout: 10_000 });
    expect(getComputedStyle(frame).borderTopWidth).toBe('4px');
    expect(getComputedStyle(frame).position).toBe('fixed');
    expect(screen.getByText('shell.test_system')).toBeTruthy();
  });

  it('is absent in production and when hidden in local storage', () => {
    window.__SIGNET_CONFIG__ = { mode: 'production' };
    const { container, unmount } = render(<StagingMarker />);
    expect(container.innerHTML).toBe('');
    unmount();
    window.__SIGNET_CONFIG__ = { mode: 'staging' };
    localStorage.setItem('hide-staging-alert', '1');
    expect(render(<StagingMarker />).container.innerHTML).toBe('');
  });
});
