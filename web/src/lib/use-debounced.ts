import { useEffect, useState } from 'preact/hooks';

/** `value`, once it has stopped changing for `ms` milliseconds (a live preview asks the service less often). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
