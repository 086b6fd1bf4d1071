import { expect } from 'vitest';
import type { Response } from 'supertest';

/** A failure in the API envelope: `{error: 1, code, message?}` with this HTTP status, never `success`. */
export function expectError(res: Response, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code, error: res.body?.error }, JSON.stringify(res.body)).toEqual({ status, code, error: 1 });
  expect(res.body).not.toHaveProperty('success');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
}

/** A token failure: 401 with both `error: 1` and the old clients' `err: 1`. */
export function expectTokenExpired(res: Response) {
  expectError(res, 401, 'user.tokenExpired');
  expect(res.body.err).toBe(1);
}

/** A success in the API envelope: `{success: 1, code, data?}` with this HTTP status. */
export function expectOk(res: Response, code: string, status = 200) {
  expect({ status: res.status, code: res.body?.code, success: res.body?.success }, JSON.stringify(res.body)).toEqual({ status, code, success: 1 });
  expect(res.body).not.toHaveProperty('error');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
}

/** A validation failure: 400 `<area>.bad` whose message lists `{param, msg}` items. */
export function expectInvalid(res: Response, code: string, param: string) {
  expectError(res, 400, code);
  expect(Array.isArray(res.body.message), JSON.stringify(res.body)).toBe(true);
  expect(res.body.message).toEqual(expect.arrayContaining([expect.objectContaining({ param, msg: expect.any(String) })]));
}

/** An ISO-8601 UTC timestamp with milliseconds, as every date on the wire. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
