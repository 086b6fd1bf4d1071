import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the items of a wrapping flex list no longer fit on its first line (some moved below):
 * checked whenever the list or its box changes size (window width, text size, language).
 */
export function useWrapped(list: RefObject<HTMLElement | null>) {
  const [wrapped, setWrapped] = useState(false);
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const check = () => {
      const items = [...el.children] as HTMLElement[];
      setWrapped(items.some((item) => item.offsetTop > items[0]!.offsetTop));
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.parentElement) observer.observe(el.parentElement);
    return () => observer.disconnect();
  }, [list]);
  return wrapped;
}
