import { useEffect, useState } from 'react';

/** `value`, but only after it has stayed unchanged for `delayMs` (search boxes, spec §9 debounces). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
