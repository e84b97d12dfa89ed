import type { MyCharacter } from '../../../application/players/read-my-characters.ts';
import type { MyVehicle } from '../../../application/players/my-vehicles.ts';
import { CHARACTER_STATUSES } from '../../../domain/roster/character.ts';
import { IDENTIFIER_KINDS } from '../../../domain/roster/player-identifiers.ts';
import type { JsonSchema } from '../validation.ts';
import { shape } from './operator-view-schemas.ts';

const id = { type: 'string', format: 'uuid' } as const;
const nullableId = { type: ['string', 'null'], format: 'uuid' } as const;
const string = { type: 'string' } as const;
const nullableString = { type: ['string', 'null'] } as const;

/** One of the person's own characters, as `/account/` shows it. */
export const myCharacterSchema: JsonSchema = shape({
  characterId: id,
  characterPublicId: id,
  firstName: string,
  lastName: string,
  displayName: string,
  dateOfBirth: nullableString,
  status: {
    enum: [...CHARACTER_STATUSES],
    description: '`pending` waits for approval; `retired` is kept for the records and takes no link.',
  },
  recordId: { ...nullableId, description: 'The civilian record lookups and the MDT find: the character’s record number.' },
  links: {
    type: 'array',
    description: 'The game identities linked to the character.',
    items: shape({ kind: { enum: [...IDENTIFIER_KINDS] }, value: string }),
  },
  memberships: {
    type: 'array',
    description: 'The roster’s: departments the character is a member of, each with its unit and callsign.',
    items: shape({ departmentId: id, departmentName: string, unitId: id, callsign: nullableString }),
  },
});

export const myCharacterView = (c: MyCharacter) => ({ ...c, links: c.links.map(({ kind, value }) => ({ kind, value })) });

/** A vehicle registered to one of the person's own characters. */
export const myVehicleSchema: JsonSchema = shape({
  vehicleId: id,
  plate: string,
  make: nullableString,
  model: nullableString,
  color: nullableString,
  registrationStatus: { type: 'string', description: '`VALID`, or `STOLEN` once reported stolen.' },
  ownerCharacterId: id,
  ownerDisplayName: string,
});

export function myVehicleView({ vehicle, owner }: MyVehicle) {
  const { id, plate, make, model, color, registrationStatus } = vehicle.snapshot();
  return { vehicleId: id, plate, make, model, color, registrationStatus, ownerCharacterId: owner.id, ownerDisplayName: owner.displayName };
}
