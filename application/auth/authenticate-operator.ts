import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export const OPERATOR_KEY_PREFIX = 'cad_op_';

/** Finds the operator key a request presents; the key is looked up by its keyed hash. */
export class AuthenticateOperator {
  constructor(private readonly ports: Pick<Ports, 'operatorKeys' | 'hasher'>) {}

  async execute(presented: string): Promise<OperatorKey | null> {
    if (presented.length === 0 || presented.length > 256) return null;
    const key = await this.ports.operatorKeys.findByHash(this.ports.hasher.hash(presented));
    return key === null || key.isRevoked ? null : key;
  }
}
