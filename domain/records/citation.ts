import type { CharacterId, CitationId, CivilianId, CredentialId, OrganisationId, UnitId } from '../shared/ids.ts';

export interface Citation {
  readonly id: CitationId;
  readonly organisationId: OrganisationId;
  readonly number: string;
  readonly civilianId: CivilianId;
  readonly plate: string | null;
  readonly locationText: string;
  readonly statuteCode: string;
  readonly statuteDescription: string;
  readonly fineAmount: number;
  readonly issuedBy: { readonly characterId: CharacterId; readonly unitId: UnitId; readonly credentialId: CredentialId };
  readonly issuedAt: Date;
}
