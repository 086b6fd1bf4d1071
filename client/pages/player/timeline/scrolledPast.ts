/** The sticky site header's height (`--header-height`): what lies under it is out of sight. */
const headerHeight = () => parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')) || 0;

/** Whether the reader has scrolled past the start of an element: its top edge is hidden above the viewport or under the header. */
export function scrolledPast(el: Element | null): boolean {
  return !!el && el.getBoundingClientRect().top < headerHeight();
}
