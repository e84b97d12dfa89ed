import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';
import type { ProblemLog } from '../../application/ports/problem-log.ts';

const current = new AsyncLocalStorage<string>();

/** Runs `work` as part of the request `requestId`: whatever it reports carries that id. */
export function withinRequest<T>(requestId: string, work: () => T): T {
  return current.run(requestId, work);
}

/** Problems as log lines at level error, with the request they happened in when there is one. */
export class LoggedProblems implements ProblemLog {
  constructor(private readonly log: Logger) {}

  report(problem: string, error: unknown): void {
    this.log.error({ requestId: current.getStore(), err: error }, problem);
  }
}
