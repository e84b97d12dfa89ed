import type { Operator } from '../../domain/operator/operator.ts';
import type { CredentialId } from '../../domain/shared/ids.ts';

/** An operator's request about one integration credential, named by its client id. */
export interface CredentialRequest {
  readonly operator: Operator;
  readonly clientId: CredentialId;
}
