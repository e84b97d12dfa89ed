import type { ArrestId, CharacterId, CivilianId, CredentialId, OrganisationId, UnitId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';

export const MIN_CHARGES = 1;
export const MAX_CHARGES = 20;

export interface Charge {
  readonly statuteCode: string;
  readonly statuteDescription: string;
}

export interface Arrest {
  readonly id: ArrestId;
  readonly organisationId: OrganisationId;
  readonly number: string;
  readonly civilianId: CivilianId;
  readonly locationText: string;
  readonly narrative: string;
  readonly charges: readonly Charge[];
  readonly bookedBy: { readonly characterId: CharacterId; readonly unitId: UnitId; readonly credentialId: CredentialId };
  readonly bookedAt: Date;
}

/** An arrest books between one and twenty charges. */
export function checkCharges(charges: readonly Charge[]): Outcome<readonly Charge[], 'charges_out_of_range'> {
  return charges.length >= MIN_CHARGES && charges.length <= MAX_CHARGES ? accept(charges) : refuse('charges_out_of_range');
}
