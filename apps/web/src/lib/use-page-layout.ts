import { useEffect, useRef, useState } from 'react';

/** Watches the element's width, and whether it came near the viewport (then stays true). */
export function usePageLayout() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => setWidth(entries[0]?.contentRect.width ?? element.clientWidth));
    resize?.observe(element);
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
