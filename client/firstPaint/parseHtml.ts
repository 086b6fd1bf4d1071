import { DOMParser } from 'linkedom';
import type { ParseHtml } from '@client/richText/htmlParser';

const parser = new DOMParser();

/**
 * Rich text parsed for the server's drawing, where there is no browser DOM: by linkedom, into
 * nodes RichText reads as it reads the browser's (client/richText/htmlParser.test.tsx checks that
 * both give the same markup).
 */
export const parseHtmlOnServer: ParseHtml = (html) =>
  parser.parseFromString(`<!doctype html><html><head></head><body>${html}</body></html>`, 'text/html').body as unknown as HTMLElement;
