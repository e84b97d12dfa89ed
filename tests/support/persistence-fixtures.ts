import type { Persistence } from '../../application/ports/persistence.ts';
import { UuidV7IdGenerator } from '../../adapters/system/uuid-v7-id-generator.ts';
import { Credential } from '../../domain/credential/credential.ts';
import { Department } from '../../domain/organisation/department.ts';
import { Organisation } from '../../domain/organisation/organisation.ts';
import { Civilian } from '../../domain/records/civilian.ts';
import { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import { Plate } from '../../domain/records/plate.ts';
import { Vehicle } from '../../domain/records/vehicle.ts';
import type { Warrant, WarrantStatus } from '../../domain/records/warrant.ts';
import { Character } from '../../domain/roster/character.ts';
import type { Membership } from '../../domain/roster/membership.ts';
import type {
  CharacterId,
  CharacterPublicId,
  CivilianId,
  CredentialId,
  DepartmentId,
  MembershipId,
  OrganisationId,
  UnitId,
  VehicleId,
  WarrantId,
} from '../../domain/shared/ids.ts';
import { Unit } from '../../domain/unit/unit.ts';

export const ids = new UuidV7IdGenerator();
export const NOW = new Date('2026-05-01T10:00:00.000Z');

/** Writes straight through the ports: each call makes a fresh organisation that no other test sees. */
/** A civilian as registered, not saved (`fixtures(store).civilian` saves one). */
export function unsavedCivilian(
  organisationId: OrganisationId,
  firstName = 'Trevor',
  lastName = 'Philips',
  dateOfBirth: string | null = '1985-11-02',
  { id = ids.next<CivilianId>(), licenseStatus }: { id?: CivilianId; licenseStatus?: string } = {},
) {
  const dob = dateOfBirth === null ? null : DateOfBirth.parse(dateOfBirth);
  if (dob !== null && !dob.ok) throw new Error(dob.reason);
  return Civilian.register({ id, organisationId, firstName, lastName, dateOfBirth: dob === null ? null : dob.value, licenseStatus }, NOW);
}

/** A vehicle as registered, not saved (`fixtures(store).vehicle` saves one). */
export function unsavedVehicle(
  organisationId: OrganisationId,
  plate = `V-${ids.next().slice(-12).toUpperCase()}`,
  ownerCivilianId: CivilianId | null = null,
) {
  const parsed = Plate.parse(plate);
  if (!parsed.ok) throw new Error(parsed.reason);
  return Vehicle.register({ id: ids.next<VehicleId>(), organisationId, plate: parsed.value, ownerCivilianId }, NOW);
}

export function fixtures(store: Persistence) {
  return {
    async organisation(name = 'Los Santos RP') {
      const organisation = Organisation.create(ids.next<OrganisationId>(), name, {}, NOW);
      await store.organisations.save(organisation);
      return organisation;
    },
    async department(organisationId: OrganisationId, slug = 'lspd') {
      const created = Department.create({ id: ids.next<DepartmentId>(), organisationId, slug, name: slug.toUpperCase() }, NOW);
      if (!created.ok) throw new Error(created.reason);
      await store.departments.save(created.value);
      return created.value;
    },
    async character(organisationId: OrganisationId, firstName = 'Jane', lastName = 'Doe') {
      const character = Character.create(
        { id: ids.next<CharacterId>(), publicId: ids.next<CharacterPublicId>(), organisationId, firstName, lastName },
        NOW,
      );
      await store.characters.save(character);
      return character;
    },
    /** A member of the department with its unit. */
    async unit(department: Department, callsign: string | null = `1-ADAM-${Math.floor(Math.random() * 1e6)}`) {
      const character = await this.character(department.organisationId);
      const membership: Membership = {
        id: ids.next<MembershipId>(),
        organisationId: department.organisationId,
        departmentId: department.id,
        characterId: character.id,
        unitId: ids.next<UnitId>(),
        createdAt: NOW,
        endedAt: null,
      };
      const unit = Unit.enrol(
        {
          id: membership.unitId,
          organisationId: department.organisationId,
          departmentId: department.id,
          membershipId: membership.id,
          characterId: character.id,
          callsign,
        },
        NOW,
      );
      await store.memberships.add(membership);
      await store.units.save(unit);
      return { character, membership, unit };
    },
    /** An API credential, or with a department a game (bridge) credential of that department. */
    async credential(organisationId: OrganisationId, departmentId: DepartmentId | null = null) {
      const created = Credential.create(
        {
          id: ids.next<CredentialId>(),
          organisationId,
          kind: departmentId === null ? 'generic_api_key' : 'game',
          departmentId,
          label: departmentId === null ? 'dispatch console' : 'game server',
          scopes: [],
          allScopes: true,
          secretHash: `secret-${ids.next()}`,
        },
        NOW,
      );
      if (!created.ok) throw new Error(created.reason);
      await store.credentials.save(created.value);
      return created.value;
    },
    async civilian(
      organisationId: OrganisationId,
      firstName = 'Trevor',
      lastName = 'Philips',
      dateOfBirth: string | null = '1985-11-02',
      { id = ids.next<CivilianId>(), licenseStatus }: { id?: CivilianId; licenseStatus?: string } = {},
    ) {
      const civilian = unsavedCivilian(organisationId, firstName, lastName, dateOfBirth, { id, licenseStatus });
      await store.civilians.save(civilian);
      return civilian;
    },
    async vehicle(
      organisationId: OrganisationId,
      plate = `V-${ids.next().slice(-12).toUpperCase()}`,
      ownerCivilianId: CivilianId | null = null,
    ) {
      const vehicle = unsavedVehicle(organisationId, plate, ownerCivilianId);
      await store.vehicles.save(vehicle);
      return vehicle;
    },
    async warrant(organisationId: OrganisationId, civilianId: CivilianId, status: WarrantStatus = 'ACTIVE') {
      const warrant: Warrant = { id: ids.next<WarrantId>(), organisationId, civilianId, status, description: null, createdAt: NOW };
      await store.warrants.add(warrant);
      return warrant;
    },
  };
}
