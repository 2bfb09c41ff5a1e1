import { useEffect, useRef, useState } from 'react';

/** Watches the element's width, and whether it came near the viewport (then stays true). */
export function usePageLayout() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A ResizeObserver reports the element's first width on its own, once the browser lays the page
    // out anyway. Reading clientWidth here instead forced that layout inside the effect (27 ms of a
    // signing page's first render on a phone's CPU): only where no observer exists.
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => setWidth(entries[0]?.contentRect.width ?? element.clientWidth));
    if (resize) resize.observe(element);
    else setWidth(element.clientWidth);
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return () => resize?.disconnect();
    }
    // Pages load when they come within a screen of the viewport, not all at once.
    const intersect = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          intersect.disconnect();
        }
      },
      { rootMargin: '100% 0px' },
    );
    intersect.observe(element);
    return () => {
      resize?.disconnect();
      intersect.disconnect();
    };
  }, []);
  return { ref, width, near };
}
