/**
 * Whether an element has come near the viewport, once: for a part whose code is large and only worth
 * loading when the reader gets to it (the charts under the progress heatmap, issue 32).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** `margin`: how far below the viewport "near" starts, so the part is there when it scrolls in. */
export function useInView<T extends Element>(margin = '200px'): [(el: T | null) => void, boolean] {
  const [seen, setSeen] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = useCallback(
    (el: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el || seen) return;
      if (typeof IntersectionObserver !== 'function') {
        setSeen(true);
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer.current?.disconnect();
          setSeen(true);
        },
        { rootMargin: `0px 0px ${margin} 0px` },
      );
      observer.current.observe(el);
    },
    [margin, seen],
  );
  return [ref, seen];
}
