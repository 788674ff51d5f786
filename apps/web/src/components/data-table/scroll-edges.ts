import { useEffect, useRef, useState } from 'react';

export interface ScrollEdges {
  /** Columns hidden to the left (the table was scrolled). */
  left: boolean;
  /** Columns hidden to the right. */
  right: boolean;
}

/**
 * Which sides of a sideways-scrolling box hide content, and how wide its visible part is (null until the
 * first layout), followed through scrolling and resizing.
 */
export function useScrollEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ left: false, right: false });
  const [visibleWidth, setVisibleWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
      setVisibleWidth(el.clientWidth);
    };
    el.addEventListener('scroll', update, { passive: true });
    // The observer reports size changes and the first size after layout; measuring here instead would force a
    // page layout in the middle of React's commit.
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);
  return { ref, edges, visibleWidth };
}
