import { useEffect, useRef, useState } from 'react';

/**
 * Spec §9 exit redirect: counts `timeout` seconds down, one tick each second, then calls `leave`.
 * A timeout of 0 leaves at once. Returns the seconds left.
 */
export function useExitCountdown(timeout: number, leave: () => void): number {
  const [left, setLeft] = useState(timeout);
  const leaveRef = useRef(leave);
  leaveRef.current = leave;
  const left0 = left <= 0;
  useEffect(() => {
    if (left0) {
      leaveRef.current();
      return;
    }
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [left0]);
  return left;
}
