import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageLayout } from './use-page-layout.ts';

function Page() {
  const { ref, width } = usePageLayout();
  return (
    <div ref={ref} data-testid="page">
      {width}
    </div>
  );
}

/** Counts reads of clientWidth: each one forces the browser to lay the page out then and there. */
function watchWidthReads(width: number): { reads: number } {
  const counter = { reads: 0 };
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => {
    counter.reads++;
    return width;
  });
  return counter;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('usePageLayout', () => {
  it('takes the width from the ResizeObserver, without reading it from the page first', () => {
    let report: ResizeObserverCallback | undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const widthReads = watchWidthReads(640);
    render(<Page />);
    expect(screen.getByTestId('page').textContent).toBe('0');
    act(() => report!([{ contentRect: { width: 480 } } as ResizeObserverEntry], {} as ResizeObserver));
    expect(screen.getByTestId('page').textContent).toBe('480');
    expect(widthReads.reads).toBe(0);
  });

  it('reads the width from the page where no ResizeObserver exists', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const widthReads = watchWidthReads(640);
    render(<Page />);
    expect(screen.getByTestId('page').textContent).toBe('640');
    expect(widthReads.reads).toBe(1);
  });
});
