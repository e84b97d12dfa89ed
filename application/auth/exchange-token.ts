import { grantOf } from '../../domain/credential/access-grant.ts';
import type { CredentialKind } from '../../domain/credential/credential.ts';
import { type CredentialId, isUuid } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { IssuedToken } from '../ports/token-issuer.ts';

const NIL_ID = '00000000-0000-0000-0000-000000000000';

export interface ExchangeTokenInput {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Which exchange path was called: the bridge's issues `game` tokens, the API's the others. */
  readonly kind: CredentialKind;
}

/**
 * Client id and secret for a short-lived access token. Unknown id, wrong secret, revoked
 * credential and wrong path are one refusal, and every path does the same work: one lookup and
 * one constant-time hash comparison. What still differs below that (a store loads a found row,
 * not a missing one) is hidden by answering no sooner than a floor.
 */
export class ExchangeToken {
  private readonly decoyHash: string;

  constructor(private readonly ports: Pick<Ports, 'credentials' | 'hasher' | 'accessTokens' | 'clock' | 'pacer' | 'settings'>) {
    this.decoyHash = ports.hasher.hash('decoy secret that no credential has');
  }

  execute(input: ExchangeTokenInput): Promise<Outcome<IssuedToken, 'invalid_client'>> {
    return this.ports.pacer.pace(this.ports.settings.tokenExchangeFloorMs, () => this.exchange(input));
  }

  private async exchange(input: ExchangeTokenInput): Promise<Outcome<IssuedToken, 'invalid_client'>> {
    // Even an id that cannot exist is looked up (as the nil id), so that every path does the same work.
    const credential = await this.ports.credentials.get((isUuid(input.clientId) ? input.clientId : NIL_ID) as CredentialId);
    const secretMatches = this.ports.hasher.matches(input.clientSecret, credential?.secretHash ?? this.decoyHash);
    const grant = credential === null ? null : grantOf(credential.snapshot());
    if (credential === null || grant === null || !secretMatches || credential.isRevoked || grant.kind !== input.kind)
      return refuse('invalid_client');
    return accept(this.ports.accessTokens.issue(grant, this.ports.clock.now()));
  }
}
