declare const brand: unique symbol;

/** A string id that the type system keeps apart from every other kind of id. */
export type Id<Kind extends string> = string & { readonly [brand]: Kind };

export type OrganisationId = Id<'Organisation'>;
export type DepartmentId = Id<'Department'>;
export type CharacterId = Id<'Character'>;
export type CharacterPublicId = Id<'CharacterPublic'>;
export type MembershipId = Id<'Membership'>;
export type UnitId = Id<'Unit'>;
export type CallId = Id<'Call'>;
export type BoloId = Id<'Bolo'>;
export type BoloHitId = Id<'BoloHit'>;
export type CivilianId = Id<'Civilian'>;
export type VehicleId = Id<'Vehicle'>;
export type WarrantId = Id<'Warrant'>;
export type CitationId = Id<'Citation'>;
export type ArrestId = Id<'Arrest'>;
export type CredentialId = Id<'Credential'>;
export type OperatorKeyId = Id<'OperatorKey'>;
export type TimelineEventId = Id<'TimelineEvent'>;
export type AuditEntryId = Id<'AuditEntry'>;
export type ReleaseId = Id<'Release'>;
export type PersonId = Id<'Person'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A canonical, lower-case UUID: the only form ids take, so every store compares them alike. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
