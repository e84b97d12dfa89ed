import { pino, type Logger } from 'pino';

export type { Logger };

/** Paths whose values never reach a log line: credentials, keys, tokens and link codes. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.clientSecret',
  '*.accessToken',
  '*.key',
  '*.token',
  '*.code',
  '*.password',
];

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
