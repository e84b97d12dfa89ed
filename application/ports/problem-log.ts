/**
 * Where the service reports a failure it survives (an effect after a commit that threw), so that
 * nothing fails without a word. The adapter adds what it knows of the context, such as the
 * request the failure happened in.
 */
export interface ProblemLog {
  report(problem: string, error: unknown): void;
}
