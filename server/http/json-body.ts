import express, { type RequestHandler } from 'express';
import { LIMITS } from '@shared/limits';
import { nestsDeeperThan } from '@shared/json-depth';
import { AppError } from '@server/app-error';

/**
 * The API's JSON reader: bodies up to 2 MB, nested at most `LIMITS.jsonDepthMax` levels. A deeper
 * one is refused as bad input before any route reads it (validation overflowed the stack on it).
 */
export function jsonBody(): RequestHandler[] {
  const depthMessage = `the JSON nests more than ${LIMITS.jsonDepthMax} levels deep`;
  return [
    express.json({ limit: '2mb' }),
    (req, _res, next) => next(nestsDeeperThan(req.body, LIMITS.jsonDepthMax) ? new AppError('request.bad', depthMessage) : undefined),
  ];
}
