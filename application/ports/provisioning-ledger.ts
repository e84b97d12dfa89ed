import type { CharacterId, CredentialId, OrganisationId } from '../../domain/shared/ids.ts';

export interface ProvisionedPlayer {
  readonly organisationId: OrganisationId;
  readonly credentialId: CredentialId;
  readonly characterId: CharacterId;
  readonly at: Date;
}

/** Which players `/duty` created, by which credential and when: what the hourly cap counts. */
export interface ProvisioningLedger {
  record(entry: ProvisionedPlayer): Promise<void>;
  countSince(credentialId: CredentialId, since: Date): Promise<number>;
}
