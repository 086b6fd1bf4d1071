import type { NextFunction, Request, RequestHandler, Response } from 'express';

type Handler = (req: Request, res: Response, next: NextFunction) => unknown;

/** A path as Express's router compares it (not case-sensitive, one trailing slash allowed). */
const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase()}`;

/** Runs a route's handlers in turn, as Express does: `next(err)` and a rejected promise go to the error handler. */
export function runChain(chain: Handler[], req: Request, res: Response, done: NextFunction) {
  let i = 0;
  const step = (err?: unknown) => {
    if (err) return done(err);
    const handler = chain[i++];
    if (!handler) return done();
    try {
      const result = handler(req, res, step);
      if (result instanceof Promise) result.catch((e: unknown) => done(e ?? new Error('a route handler rejected')));
    } catch (e) {
      done(e);
    }
  };
  step();
}

/**
 * The routes whose paths have no parameters, found in one lookup: Express's router tries every
 * route's pattern in turn, which for the API's 120 routes was an eighth of a request's CPU. A path
 * not in the table falls through to the router (parameter routes, the docs, the 404).
 */
export interface PathTable {
  /** `viaExpress`: the route needs Express's own request and response, so `find` leaves it out. */
  add(method: string, path: string, chain: Handler[], opts?: { viaExpress?: boolean }): void;
  /** The handlers of a path (below `/api`) for a method, HEAD being GET's, when they run on Node's own request and response. */
  find(method: string, path: string): Handler[] | undefined;
  middleware: RequestHandler;
}

export function pathTable(): PathTable {
  const routes = new Map<string, Handler[]>();
  const expressOnly = new Set<string>();
  return {
    add: (method, path, chain, opts = {}) => {
      const key = keyOf(method, path);
      if (routes.has(key)) throw new Error(`two routes for ${key}`);
      routes.set(key, chain);
      if (opts.viaExpress) expressOnly.add(key);
    },
    find: (method, path) => {
      const key = keyOf(method === 'HEAD' ? 'GET' : method, path);
      return expressOnly.has(key) ? undefined : routes.get(key);
    },
    middleware: (req, res, next) => {
      const chain = routes.get(keyOf(req.method === 'HEAD' ? 'GET' : req.method, req.path));
      if (chain) runChain(chain, req, res, next);
      else next();
    },
  };
}
