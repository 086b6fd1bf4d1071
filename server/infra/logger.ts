import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, name = 'tribunal'): Logger {
  return pino({
    name,
    level,
    redact: { paths: ['req.headers["x-access-token"]', 'req.headers.cookie', '*.password', '*.token'], censor: '[redacted]' },
  });
}
