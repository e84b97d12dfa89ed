import { Type } from '@sinclair/typebox';
import { IDENTIFIER_KINDS, MAX_IDENTIFIER_LENGTH } from '../../../../domain/roster/player-identifiers.ts';
import type { CharacterState } from '../../../../domain/roster/character.ts';
import type { CharacterId } from '../../../../domain/shared/ids.ts';
import { myCharacterSchema, myCharacterView } from '../../presenters/player-views.ts';
import { linkCodeSchema } from '../../presenters/operator-view-schemas.ts';
import { conflict, invalid, notFound } from '../../refusals.ts';
import { type RouteSpec, ok } from '../../route-spec.ts';
import { dateOfBirth, enumOf, id, idParams, label, nullable, text } from '../../schemas.ts';
import { accountRoute } from './account-route.ts';

const noCharacter = notFound('character');
const names = { firstName: label(60), lastName: label(60) };
const notActive = conflict('The character waits for approval or is retired: it takes no link.');

const rulesSchema = {
  type: 'object',
  required: ['charactersPerPerson', 'characterApproval', 'trustedIdentityLink'],
  additionalProperties: false,
  properties: {
    charactersPerPerson: { type: 'integer' },
    characterApproval: { type: 'boolean' },
    trustedIdentityLink: { type: 'boolean' },
  },
};

/** The signed-in person's own characters in the organisations they belong to (issue 32). */
export const myCharacterRoutes: readonly RouteSpec[] = [
  accountRoute('read', {
    operationId: 'listMyCharacters',
    method: 'GET',
    path: '/api/v1/account/organisations/:organisationId/characters',
    summary: 'The signed-in person’s own characters in one of their organisations, with the organisation’s rules for them.',
    params: idParams('organisationId'),
    responses: {
      200: {
        description: '`rules` and `characters` (each with its record number, linked game identities and roster memberships).',
        schema: {
          type: 'object',
          required: ['organisationId', 'rules', 'characters'],
          additionalProperties: false,
          properties: {
            organisationId: { type: 'string', format: 'uuid' },
            rules: rulesSchema,
            characters: { type: 'array', items: myCharacterSchema },
          },
        },
      },
      404: { description: '`NOT_FOUND`: the person does not belong to that organisation.' },
    },
    useCase: 'readMyCharacters',
    handle: async ({ person, params }, read) => {
      const outcome = await read.execute({ person, organisationId: params.organisationId });
      if (!outcome.ok) throw notFound('organisation')();
      return ok({ ...outcome.value, characters: outcome.value.characters.map(myCharacterView) });
    },
  }),
  accountRoute('write', {
    operationId: 'createMyCharacter',
    method: 'POST',
    path: '/api/v1/account/organisations/:organisationId/characters',
    summary:
      'Creates a civilian character of one’s own, with its civilian record; `pending` when the organisation approves new characters.',
    params: idParams('organisationId'),
    body: Type.Object({ ...names, dateOfBirth: Type.Optional(nullable(dateOfBirth)) }),
    responses: {
      201: { description: 'The character.', schema: myCharacterSchema },
      404: { description: '`NOT_FOUND`: the person does not belong to that organisation.' },
      409: { description: '`CONFLICT`: the person holds as many characters as the organisation allows.' },
    },
    useCase: 'createMyCharacter',
    handle: async ({ person, params, body }, create) => {
      const outcome = await create.execute({ person, organisationId: params.organisationId, ...body });
      if (outcome.ok) return { status: 201, body: myCharacterView(describeNew(outcome.value.snapshot(), outcome.value.displayName)) };
      if (outcome.reason === 'invalid_date_of_birth') throw invalid('dateOfBirth', 'is not a real YYYY-MM-DD date')();
      if (outcome.reason === 'character_limit_reached')
        throw conflict('You hold as many characters as this organisation allows; retire one first.')();
      throw notFound('organisation')();
    },
  }),
  accountRoute('write', {
    operationId: 'renameMyCharacter',
    method: 'PATCH',
    path: '/api/v1/account/characters/:characterId',
    summary: 'Renames one’s own character, and its civilian record with it.',
    params: idParams('characterId'),
    body: Type.Object(names),
    responses: {
      200: { description: '`characterId` and `displayName`.', schema: characterNameSchema() },
      404: { description: '`NOT_FOUND`: no character of one’s own has that id.' },
      409: { description: '`CONFLICT`: the character is retired.' },
    },
    useCase: 'renameMyCharacter',
    handle: async ({ person, params, body }, rename) => {
      const outcome = await rename.execute({ person, characterId: params.characterId, ...body });
      if (outcome.ok) return ok({ characterId: outcome.value.id, displayName: outcome.value.displayName });
      if (outcome.reason === 'character_retired') throw conflict('A retired character keeps its name.')();
      throw noCharacter();
    },
  }),
  accountRoute('write', {
    operationId: 'retireMyCharacter',
    method: 'POST',
    path: '/api/v1/account/characters/:characterId/retire',
    summary: 'Retires one’s own character: kept in the records, its game identities unlinked, never linked again.',
    params: idParams('characterId'),
    responses: {
      200: { description: '`characterId` and `displayName`.', schema: characterNameSchema() },
      404: { description: '`NOT_FOUND`: no character of one’s own has that id.' },
    },
    useCase: 'retireMyCharacter',
    handle: async ({ person, params }, retire) => {
      const outcome = await retire.execute({ person, characterId: params.characterId });
      if (outcome.ok) return ok({ characterId: outcome.value.id, displayName: outcome.value.displayName });
      throw noCharacter();
    },
  }),
  accountRoute('write', {
    operationId: 'unlinkMyIdentifier',
    method: 'POST',
    path: '/api/v1/account/characters/:characterId/unlink',
    summary: 'Unlinks one game identity from one’s own character; the game’s next call finds it unlinked.',
    params: idParams('characterId'),
    body: Type.Object({ kind: enumOf(IDENTIFIER_KINDS), value: text(MAX_IDENTIFIER_LENGTH) }),
    responses: {
      200: { description: '`characterId` and `displayName`.', schema: characterNameSchema() },
      404: { description: '`NOT_FOUND`: no character of one’s own has that id, or that identity is not linked to it.' },
    },
    useCase: 'unlinkMyIdentifier',
    handle: async ({ person, params, body }, unlink) => {
      const outcome = await unlink.execute({ person, characterId: params.characterId, ...body });
      if (outcome.ok) return ok({ characterId: outcome.value.id, displayName: outcome.value.displayName });
      throw noCharacter();
    },
  }),
  accountRoute('write', {
    operationId: 'issueMyLinkCode',
    method: 'POST',
    path: '/api/v1/account/characters/:characterId/link-codes',
    summary: 'A one-time link code (ten minutes) for one’s own active character, to type in game (`/identity/link` redeems it).',
    params: idParams('characterId'),
    responses: {
      201: { description: '`code` (`XXXXX-XXXXX`) and `expiresAt`.', schema: linkCodeSchema },
      404: { description: '`NOT_FOUND`: no character of one’s own has that id.' },
      409: { description: '`CONFLICT`: the character waits for approval or is retired.' },
    },
    useCase: 'issueMyLinkCode',
    handle: async ({ person, params }, issue) => {
      const outcome = await issue.execute({ person, characterId: params.characterId });
      if (outcome.ok) return { status: 201, body: { code: outcome.value.code, expiresAt: outcome.value.expiresAt.toISOString() } };
      if (outcome.reason === 'character_not_active') throw notActive();
      throw noCharacter();
    },
  }),
  accountRoute('write', {
    operationId: 'confirmPendingLink',
    method: 'POST',
    path: '/api/v1/account/link',
    summary:
      'Confirms a link the game started (`/identity/link/pending`): the identifiers it sent are linked to one’s own active character.',
    body: Type.Object({ code: text(32), characterId: id<CharacterId>() }),
    responses: {
      200: {
        description: '`linked: true`, `characterPublicId` and `displayName`; or `linked: false` with `reason` `invalid_or_expired_code`.',
        schema: {
          oneOf: [
            {
              type: 'object',
              required: ['linked', 'characterPublicId', 'displayName'],
              additionalProperties: false,
              properties: {
                linked: { const: true },
                characterPublicId: { type: 'string', format: 'uuid' },
                displayName: { type: 'string' },
              },
            },
            {
              type: 'object',
              required: ['linked', 'reason'],
              additionalProperties: false,
              properties: { linked: { const: false }, reason: { enum: ['invalid_or_expired_code'] } },
            },
          ],
        },
      },
      404: { description: '`NOT_FOUND`: no character of one’s own has that id.' },
      409: { description: '`CONFLICT`: the character waits for approval or is retired.' },
    },
    useCase: 'confirmPendingLink',
    handle: async ({ person, body }, confirm) => {
      const outcome = await confirm.execute({ person, code: body.code, characterId: body.characterId });
      if (outcome.ok) return ok({ linked: true, ...outcome.value });
      if (outcome.reason === 'invalid_or_expired_code') return ok({ linked: false, reason: outcome.reason });
      if (outcome.reason === 'character_not_active') throw notActive();
      throw noCharacter();
    },
  }),
];

function characterNameSchema() {
  return {
    type: 'object',
    required: ['characterId', 'displayName'],
    additionalProperties: false,
    properties: { characterId: { type: 'string', format: 'uuid' }, displayName: { type: 'string' } },
  };
}

/** A character just made has no links and no memberships yet. */
function describeNew(state: CharacterState, displayName: string) {
  const { id, publicId, firstName, lastName, dateOfBirth, status, recordId } = state;
  return {
    characterId: id,
    characterPublicId: publicId,
    firstName,
    lastName,
    displayName,
    dateOfBirth,
    status,
    recordId,
    links: [],
    memberships: [],
  };
}
