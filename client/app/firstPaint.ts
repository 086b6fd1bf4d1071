import { createContext, useContext } from 'react';

/**
 * True while a screen is drawn on the server for the page's first paint (client/firstPaint/render.tsx):
 * who the reader is and what their browser keeps are unknown there, so what depends on them is left
 * as a placeholder of its size. Always false in the browser.
 */
export const FirstPaintContext = createContext(false);

export const useFirstPaint = () => useContext(FirstPaintContext);
