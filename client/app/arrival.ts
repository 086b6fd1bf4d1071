/** What a link asks of the page it opens beyond its address (React Router's location state). */
export interface Arrival {
  /** Put the caret in the page's search box: the phone header's search icon opens the page to type into. */
  focusSearch?: boolean;
}

export const arrivalOf = (state: unknown): Arrival => (state && typeof state === 'object' ? (state as Arrival) : {});
