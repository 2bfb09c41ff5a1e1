import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SignatureBox } from './signature-box.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-gb', resources: {}, returnNull: false });
});

const a4 = { width: 595.28, height: 841.89 };
const start = { x: 100, y: 200, width: 300, height: 140 };

function renderBox(scale: number) {
  const onChange = vi.fn();
  const onRemove = vi.fn();
  render(
    <SignatureBox
      box={start}
      page={a4}
      scale={scale}
      label="Ada Lovelace"
      color="#1565c0"
      onChange={onChange}
      onRemove={onRemove}
    />,
  );
  return { onChange, onRemove, group: screen.getByRole('group', { name: 'Ada Lovelace' }) };
}

function drag(element: Element, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(element, { button: 0, pointerId: 1, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(element, {
    pointerId: 1,
    clientX: (from[0] + to[0]) / 2,
    clientY: (from[1] + to[1]) / 2,
  });
  fireEvent.pointerMove(element, { pointerId: 1, clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(element, { pointerId: 1, clientX: to[0], clientY: to[1] });
}

describe('signature box', () => {
  it.each([0.5, 1, 1.5, 2])('is drawn at the points × scale %d px', (scale) => {
    const { group } = renderBox(scale);
    expect(group.style.left).toBe(`${100 * scale}px`);
    expect(group.style.top).toBe(`${200 * scale}px`);
    expect(group.style.width).toBe(`${300 * scale}px`);
    expect(group.style.height).toBe(`${140 * scale}px`);
  });

  it.each([0.5, 1, 2])('dragging by screen pixels moves it by pixels / scale points (scale %d)', (scale) => {
    const { onChange } = renderBox(scale);
    drag(screen.getByTestId('signature-box-body'), [50, 50], [50 + 40 * scale, 50 - 30 * scale]);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ x: 140, y: 170, width: 300, height: 140 });
  });

  it('follows the pointer while dragging and reports only when let go', () => {
    const { onChange, group } = renderBox(1);
    const body = screen.getByTestId('signature-box-body');
    fireEvent.pointerDown(body, { button: 0, pointerId: 7, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(body, { pointerId: 7, clientX: 25, clientY: 10 });
    expect(group.style.left).toBe('125px');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(body, { pointerId: 7, clientX: 25, clientY: 10 });
    expect(onChange).toHaveBeenCalledWith({ x: 125, y: 210, width: 300, height: 140 });
  });

  it('stops at the page edge when dragged off it', () => {
    const { onChange } = renderBox(0.5);
    drag(screen.getByTestId('signature-box-body'), [10, 10], [2000, 2000]);
    expect(onChange).toHaveBeenCalledWith({ x: 295.28, y: 701.89, width: 300, height: 140 });
  });

  it('resizes by its corner handle, in points', () => {
    const { onChange } = renderBox(2);
    drag(screen.getByTestId('signature-box-resize'), [0, 0], [-100, 60]);
    expect(onChange).toHaveBeenCalledWith({ x: 100, y: 200, width: 250, height: 170 });
  });

  it('a click without movement changes nothing', () => {
    const { onChange } = renderBox(1);
    drag(screen.getByTestId('signature-box-body'), [10, 10], [10, 10]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves with the arrow keys, resizes with shift, and is removed with Delete', () => {
    const { onChange, onRemove } = renderBox(1);
    const body = screen.getByTestId('signature-box-body');
    expect(body.tabIndex).toBe(0);
    fireEvent.keyDown(body, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith({ x: 105, y: 200, width: 300, height: 140 });
    fireEvent.keyDown(body, { key: 'ArrowDown', shiftKey: true });
    expect(onChange).toHaveBeenLastCalledWith({ x: 100, y: 200, width: 300, height: 145 });
    fireEvent.keyDown(body, { key: 'Delete' });
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('tells screen readers where it is, in points', () => {
    renderBox(1.5);
    expect(screen.getByTestId('signature-box-body').getAttribute('aria-label')).toContain('Ada Lovelace');
    expect(screen.getByRole('button', { name: /box\.remove/ })).toBeTruthy();
  });
});
