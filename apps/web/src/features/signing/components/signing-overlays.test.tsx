import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en-gb.json';
import { SigningFailureOverlay, SigningLockedOverlay, TanInvalidOverlay } from './signing-overlays.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-gb',
    lowerCaseLng: true,
    ns: ['signing'],
    resources: { 'en-gb': { signing: en } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const descriptor = (props: Record<string, unknown>) => ({ id: 'o1', name: 'x', props });

// The first render loads MUI; on a busy machine that alone can take seconds.
describe('signing overlays', { timeout: 20_000 }, () => {
  it('signing locked counts Retry-After down each second, then offers the retry', () => {
    const onAction = vi.fn();
    render(
      <SigningLockedOverlay
        descriptor={descriptor({ retryAfterSeconds: 3 })}
        loading={false}
        onAction={onAction}
      />,
    );
    const retry = () => screen.getByRole('button', { name: /Try again/ });
    expect(retry().textContent).toBe('Try again in 3 s');
    expect(retry()).toHaveProperty('disabled', true);
    act(() => vi.advanceTimersByTime(1000));
    expect(retry().textContent).toBe('Try again in 2 s');
    act(() => vi.advanceTimersByTime(2000));
    expect(retry().textContent).toBe('Try again');
    fireEvent.click(retry());
    expect(onAction).toHaveBeenCalledWith('retry');
  });

  it('signing locked offers the retry as soon as lock-status says the request is free', async () => {
    let free = false;
    const isFree = vi.fn(async () => free);
    render(
      <SigningLockedOverlay
        descriptor={descriptor({ retryAfterSeconds: 600, isFree })}
        loading={false}
        onAction={vi.fn()}
      />,
    );
    await act(async () => vi.advanceTimersByTime(3000));
    expect(isFree).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: /Try again/ })).toHaveProperty('disabled', true);
    free = true;
    await act(async () => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false);
  });

  it('a QES limit says until when, in the reader language, and offers no retry before then', () => {
    render(
      <SigningFailureOverlay
        descriptor={descriptor({
          code: 'SIGNING_BLOCKED',
          message: 'Too many wrong codes (English, from the API)',
          retryAt: '2026-11-25T14:30:00.000Z',
        })}
        loading={false}
        onAction={vi.fn()}
      />,
    );
    expect(screen.getByText(/qualified signing is blocked for you until .*2026/)).toBeTruthy();
    expect(screen.queryByText(/from the API/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('TAN invalid tells how many attempts the API left', () => {
    render(
      <TanInvalidOverlay
        descriptor={descriptor({
          remainingAttempts: 1,
          message: 'The code is wrong (English, from the API).',
        })}
        loading={false}
        onAction={vi.fn()}
      />,
    );
    expect(screen.getByText(/Attempts left: 1\./)).toBeTruthy();
  });
});
