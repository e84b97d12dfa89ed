import { JOIN_RULES } from '../../../domain/people/join-rule.ts';
import { CREDENTIAL_KINDS } from '../../../domain/credential/credential.ts';
import { API_SCOPES, BRIDGE_SCOPES } from '../../../domain/credential/scope.ts';
import { OPERATOR_PERMISSIONS } from '../../../domain/operator/operator-key.ts';
import { MAP_TYPES } from '../../../domain/organisation/organisation.ts';
import { ROLE_NAMES } from '../../../domain/people/role.ts';
import type { JsonSchema } from '../validation.ts';

/** The OpenAPI shapes of what the operator surface answers, one per presenter of the operator routes. */
const id = { type: 'string', format: 'uuid' } as const;
const nullableId = { type: ['string', 'null'], format: 'uuid' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const string = { type: 'string' } as const;
const status = { enum: ['active', 'revoked'] } as const;

/** Every property required: a view always writes each of its fields, null where there is nothing. */
export const shape = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  ...(description && { description }),
});

/** A scope key: the ten API scopes and the three `game.*` scopes (sections 5.6 and 5.7). */
export const scopeSchema: JsonSchema = { type: 'string', enum: [...API_SCOPES, ...BRIDGE_SCOPES] };

export const organisationViewSchema = shape({
  organisationId: id,
  name: string,
  mapType: { enum: [...MAP_TYPES] },
  arrivalRadius: { type: 'number' },
  concurrentAccountsMax: { type: ['integer', 'null'] },
  autoProvision: { type: 'boolean' },
  emergencyDepartmentId: nullableId,
  joinRule: {
    enum: [...JOIN_RULES],
    description: 'How people without an invitation join: `invitation` (not at all), `approval` (listed for approval), `open`.',
  },
  charactersPerPerson: { type: 'integer', description: 'How many characters (not retired) one person may hold on `/account/`.' },
  characterApproval: {
    type: 'boolean',
    description: 'Whether a player’s new character waits for approval by a person with `roster.manage`.',
  },
  trustedIdentityLink: {
    type: 'boolean',
    description:
      'Whether a person signed in with Discord is offered a link to a game player carrying `discord:<the same id>`, with no code.',
  },
  staleUnitMinutes: { type: 'integer', description: 'Minutes without a position after which the dispatch board greys a unit.' },
  mapLayer: {
    type: ['object', 'null'],
    description: 'The dispatch board’s map layer; null draws a plain coordinate grid.',
    required: ['tileUrlTemplate', 'imageUrl', 'bounds'],
    properties: {
      tileUrlTemplate: { type: ['string', 'null'] },
      imageUrl: { type: ['string', 'null'] },
      bounds: shape({ minX: { type: 'number' }, minY: { type: 'number' }, maxX: { type: 'number' }, maxY: { type: 'number' } }),
    },
  },
  createdAt: time,
});

export const departmentViewSchema = shape({
  departmentId: id,
  organisationId: id,
  slug: string,
  name: string,
  isActive: { type: 'boolean' },
  createdAt: time,
});

const permissions = { type: 'array', items: { enum: [...OPERATOR_PERMISSIONS] } } as const;

export const operatorKeyViewSchema = shape({
  operatorKeyId: id,
  organisationId: id,
  label: string,
  permissions,
  status,
  createdAt: time,
  revokedAt: nullableTime,
});

/** The calling key as it sees itself (`/me`); the bootstrap key belongs to no organisation. */
export const operatorSelfSchema = shape({
  operatorKeyId: { ...nullableId, description: 'The calling operator key; null for a person.' },
  personId: { ...nullableId, description: 'The signed-in person; null for an operator key.' },
  role: { type: ['string', 'null'], enum: [...ROLE_NAMES, null], description: "A person's role in the organisation." },
  organisationId: nullableId,
  organisationName: { type: ['string', 'null'], description: "The name of the key's organisation; null for the bootstrap key." },
  label: string,
  permissions,
  bootstrap: { type: 'boolean' },
});

export const newOperatorKeySchema = shape({
  key: { type: 'string', description: 'Shown once; keep it.' },
  operatorKeyId: id,
  organisationId: id,
  label: string,
  permissions,
});

const credentialFields = {
  clientId: id,
  organisationId: id,
  kind: { enum: [...CREDENTIAL_KINDS] },
  label: string,
  departmentId: { ...nullableId, description: 'A game credential’s department; null for an API credential.' },
  scopes: { type: 'array', items: scopeSchema },
  status,
  createdAt: time,
  rotatedAt: nullableTime,
  revokedAt: nullableTime,
} as const;

export const credentialViewSchema = shape(credentialFields);

export const newCredentialSchema = shape({ ...credentialFields, clientSecret: { type: 'string', description: 'Shown once.' } });

export const rotatedSecretSchema = shape({ clientSecret: { type: 'string', description: 'Shown once.' } });

export const characterViewSchema = shape({
  characterId: id,
  characterPublicId: string,
  organisationId: id,
  displayName: string,
  firstName: string,
  lastName: string,
  dateOfBirth: { type: ['string', 'null'], format: 'date' },
  status: { enum: ['active', 'pending', 'retired'], description: '`pending` waits for **Approve**; `retired` takes no link.' },
  ownerPersonId: { ...nullableId, description: 'The person whose account holds it; null for one the roster or `/duty` made.' },
});

export const linkCodeSchema = shape({ code: string, expiresAt: time });

export const membershipSchema = shape({ membershipId: id, unitId: id, unitLabel: { type: ['string', 'null'] } });

export const membershipViewSchema = shape({
  membershipId: id,
  organisationId: id,
  departmentId: id,
  characterId: id,
  unitId: id,
  createdAt: time,
  endedAt: { ...nullableTime, description: 'When the member was removed from the department; null while a member.' },
});

export const auditEntrySchema = shape({
  id,
  organisationId: nullableId,
  at: time,
  actor: {
    type: 'object',
    description:
      'Who acted: an operator key, a credential, a signed-in person (`kind: person`, `label` their display name), or the service.',
  },
  playerCharacterId: nullableId,
  action: { type: 'string', description: '`<thing>.<verb>`, e.g. `credential.created`.' },
  subject: { type: ['object', 'null'], required: ['type', 'id'], properties: { type: string, id: string } },
  subjectLabel: {
    type: ['string', 'null'],
    description:
      'The subject as an operator knows it: a character’s name, a unit’s callsign, a call’s number, a credential’s label, a department’s name; null for other kinds or a subject since removed.',
  },
  details: { type: 'object' },
});

export const presenceSchema = shape({
  connected: { type: 'integer', minimum: 0 },
  max: { type: ['integer', 'null'] },
  overages: { type: 'array', items: shape({ at: time, connected: { type: 'integer' }, max: { type: 'integer' } }) },
});

export const releaseSchema = shape({
  releaseId: id,
  resourceSlug: string,
  version: string,
  manifest: { type: 'object' },
  publishedAt: time,
});

export const assignmentSchema = shape({
  callId: id,
  callNumber: string,
  mapX: { type: ['number', 'null'] },
  mapY: { type: ['number', 'null'] },
  assignedAt: time,
});

export const releasedSchema = shape({ released: { const: true } });
