import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Shows `placeholder` until its place comes within `margin` of the viewport, then `children` for good: code
 * that only a part lower on a long page needs (the survey form's rich-text editors) loads when the user
 * scrolls towards it, not with the page. Give the placeholder the part's height, so nothing shifts.
 */
export function WhenNearView({
  placeholder,
  children,
  margin = '400px',
}: {
  placeholder: ReactNode;
  children: ReactNode;
  margin?: string;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = anchor.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, margin]);
  return isNear ? children : <div ref={anchor}>{placeholder}</div>;
}
