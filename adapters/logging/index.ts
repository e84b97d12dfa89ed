export { createLogger, REDACTED_PATHS, type Logger } from './pino-logger.ts';
export { LoggedProblems, withinRequest } from './request-scope.ts';
