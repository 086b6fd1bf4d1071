import { createContext, useContext } from 'react';

/** Parses stored rich text into DOM nodes: the browser's own parser, or another DOM's where there is none. */
export type ParseHtml = (html: string) => Pick<HTMLElement, 'childNodes'>;

/** The browser's own parser: the default. */
export const browserParse: ParseHtml = (html) => new DOMParser().parseFromString(html, 'text/html').body;

/**
 * The parser RichText uses. The browser's by default; the server's drawing of a first screen
 * (client/firstPaint/render.tsx), which has no DOM, gives a DOM library's.
 */
export const HtmlParserContext = createContext<ParseHtml>(browserParse);

export const useParseHtml = () => useContext(HtmlParserContext);
