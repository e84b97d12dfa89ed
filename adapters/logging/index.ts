export { createLogger, REDACTED_PATHS, type Logger } from './pino-logger.ts';
