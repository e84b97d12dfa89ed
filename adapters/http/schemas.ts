import { OptionalKind, type TSchema, Type } from '@sinclair/typebox';
import { IDENTIFIER_KINDS, type IdentifierInput, MAX_IDENTIFIER_LENGTH } from '../../domain/roster/player-identifiers.ts';
import { NOT_IN_NAMES } from '../../domain/shared/text.ts';
import type {
  BoloId,
  CallId,
  CharacterId,
  CivilianId,
  CredentialId,
  DepartmentId,
  MembershipId,
  OperatorKeyId,
  PersonId,
  OrganisationId,
  UnitId,
  VehicleId,
  WarrantId,
} from '../../domain/shared/ids.ts';

/**
 * The words request schemas are written in. Each is a TypeBox schema: the JSON Schema the validator
 * runs and the type a handler reads are one declaration (decision 0027). Objects get `type` and
 * `properties` and never `additionalProperties`, so the validator strips unknown fields.
 */

/**
 * A UUID in any case, read in lower case (the form ids are stored in); `urn:uuid:` is malformed.
 * The type names the kind of id, which the schema alone cannot know.
 */
export const id = <Id extends string = string>() => Type.Unsafe<Id>(Type.String({ format: 'uuid', 'x-canonical-uuid': true }));

export const text = (maxLength: number, minLength = 1) => Type.String({ minLength, maxLength });

/** A name or label holds none of the domain's `NOT_IN_NAMES`; as a pattern, so the document says it too. */
export const NO_BIDI_CONTROLS = `^[^${NOT_IN_NAMES}]*$`;

/** What a caller reads when a name or label carries such a character. */
export const BIDI_CONTROLS_REFUSED =
  'must not contain bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) or invisible characters (U+200B to U+200D, U+2060, U+FEFF)';

/**
 * A name or a label: text that another party reads on a screen as what identifies something (a
 * character, a department, a credential, a unit's callsign). Bidirectional controls are refused.
 */
export const label = (maxLength: number, minLength = 1) => Type.String({ minLength, maxLength, pattern: NO_BIDI_CONTROLS });

export const nullable = <Schema extends TSchema>(schema: Schema) => Type.Union([schema, Type.Null()]);

/** One of the listed strings. */
export const oneOf = <const Values extends readonly string[]>(values: Values) =>
  Type.Unsafe<Values[number]>({ type: 'string', enum: [...values] });

/** One of the listed strings, said without `type`: a value of another type is named only as not in the list. */
export const enumOf = <const Values extends readonly string[]>(values: Values) => Type.Unsafe<Values[number]>({ enum: [...values] });

/**
 * A field the validator fills in from its `default` when it is left out: optional to the caller (so
 * not `required`), always present for the handler.
 */
export function defaulted<Schema extends TSchema>(schema: Schema): Schema {
  if (schema.default === undefined) throw new Error('A defaulted field needs its default.');
  // Marked optional as Type.Optional marks it, while the type it declares stays required.
  return { ...schema, [OptionalKind]: 'Optional' };
}

/** A page size: 1 to `max`, `fallback` when left out. */
export const limit = (max: number, fallback: number) => defaulted(Type.Integer({ minimum: 1, maximum: max, default: fallback }));

/** Any JSON object, kept whole: with no `properties`, the validator strips nothing from it. */
export const anyObject = () => Type.Unsafe<Record<string, unknown>>({ type: 'object' });

/** The ids path parameters carry, by parameter name. */
const PATH_IDS = Type.Object({
  organisationId: id<OrganisationId>(),
  departmentId: id<DepartmentId>(),
  characterId: id<CharacterId>(),
  membershipId: id<MembershipId>(),
  unitId: id<UnitId>(),
  callId: id<CallId>(),
  boloId: id<BoloId>(),
  vehicleId: id<VehicleId>(),
  civilianId: id<CivilianId>(),
  warrantId: id<WarrantId>(),
  clientId: id<CredentialId>(),
  operatorKeyId: id<OperatorKeyId>(),
  personId: id<PersonId>(),
});

/** The name of a path parameter that is an id. */
export type PathId = keyof typeof PATH_IDS.properties;

/** Path parameters that are ids: a non-UUID is malformed input. */
export const idParams = <const Names extends PathId[]>(...names: Names) => Type.Pick(PATH_IDS, names);

/** The schema of those path parameters. */
export type IdParams<Names extends PathId[]> = ReturnType<typeof idParams<Names>>;

/** `YYYY-MM-DD`; the domain also checks that the date exists. */
export const dateOfBirth = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

/** At least one of a player's identifiers; the domain's type, since the kinds are listed there. */
export const identifiers = Type.Unsafe<IdentifierInput>(
  Type.Object(Object.fromEntries(IDENTIFIER_KINDS.map((kind) => [kind, Type.Optional(text(MAX_IDENTIFIER_LENGTH))])), {
    minProperties: 1,
  }),
);

export const plate = text(32);

/** Coordinates in the game's map units. */
export const coordinate = Type.Number({ minimum: -1e7, maximum: 1e7 });
