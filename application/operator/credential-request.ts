import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { CredentialId } from '../../domain/shared/ids.ts';

/** An operator's request about one integration credential, named by its client id. */
export interface CredentialRequest {
  readonly operator: OperatorKey;
  readonly clientId: CredentialId;
}
