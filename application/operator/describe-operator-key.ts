import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';

/** The calling key itself (label, organisation, permissions), so that a client shows only what it may do. */
export class DescribeOperatorKey {
  execute(input: { operator: OperatorKey }): Promise<Outcome<OperatorKey, never>> {
    return Promise.resolve(accept(input.operator));
  }
}
