import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Turnstile's widget: its script and its frame (pages opened with `?captcha=turnstile`). */
const TURNSTILE = 'https://challenges.cloudflare.com';

/** The share card is made to be framed by other sites (forums, team pages); nothing else is. */
export const isEmbeddable = (path: string) => /^\/player\/[^/]+\/share\/card\/?$/.test(path);

const policy = (frameAncestors: string[]) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline scripts: the theme boot script is a file of its own.
        scriptSrc: ["'self'", TURNSTILE],
        // React and the chart library set style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Evidence and avatars are linked from anywhere on the web; the captcha is a data: SVG.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: [TURNSTILE],
        frameAncestors,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Set below only for requests that came over https: a plain-http deployment must stay reachable.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Evidence files and the API are read by other sites and apps (the bots, the mobile app, old front-ends).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    xFrameOptions: frameAncestors.includes('*') ? false : { action: 'sameorigin' },
  });

/** Set on every answer to a request that came over https (directly or through a trusted proxy). */
export const HSTS: [string, string] = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'];

/** Security headers (helmet) for every response; HSTS when the request came over https (directly or via a trusted proxy). */
export function securityHeaders(): RequestHandler {
  const site = policy(["'self'"]);
  const embeddable = policy(['*']);
  return (req, res, next) => {
    if (req.secure) res.setHeader(...HSTS);
    (isEmbeddable(req.path) ? embeddable : site)(req, res, next);
  };
}
