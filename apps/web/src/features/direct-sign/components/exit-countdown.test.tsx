import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en-gb.json';
import { ExitCountdown } from './exit-countdown.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-gb',
    lowerCaseLng: true,
    ns: ['direct-sign'],
    resources: { 'en-gb': { 'direct-sign': en } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const url = 'https://shop.example/thanks';

describe('exit countdown (spec §4/§9)', () => {
  it('ticks once a second and leaves for the exit URL when it reaches 0', () => {
    const leave = vi.fn();
    render(<ExitCountdown url={url} timeout={10} reason="signed" leave={leave} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('You will be taken back to shop.example in 10 s.');
    act(() => vi.advanceTimersByTime(999));
    expect(timer.textContent).toContain('in 10 s');
    act(() => vi.advanceTimersByTime(1));
    expect(timer.textContent).toContain('in 9 s');
    act(() => vi.advanceTimersByTime(8000));
    expect(timer.textContent).toContain('in 1 s');
    expect(leave).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledWith(url);
    act(() => vi.advanceTimersByTime(5000));
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('leaves at once for a timeout of 0', () => {
    const leave = vi.fn();
    render(<ExitCountdown url={url} timeout={0} reason="declined" leave={leave} />);
    expect(leave).toHaveBeenCalledWith(url);
  });

  it('"Go now" leaves before the countdown ends', () => {
    const leave = vi.fn();
    render(<ExitCountdown url={url} timeout={45} reason="error" leave={leave} />);
    expect(screen.getByRole('timer').textContent).toContain('Something went wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Go now' }));
    expect(leave).toHaveBeenCalledWith(url);
  });
});
