import { Type } from '@sinclair/typebox';
import type { OperatorPermission } from '../../../domain/operator/operator-key.ts';
import type { CharacterId } from '../../../domain/shared/ids.ts';
import { characterView, unitView } from '../presenters/roster-views.ts';
import { answer, conflict, forbidden, invalid, notFound, nothingToChange } from '../refusals.ts';
import { type RouteSpec, created, ok, route } from '../route-spec.ts';
import { dateOfBirth, id, idParams, nullable, text } from '../schemas.ts';

const operator = (permission: OperatorPermission | 'bootstrap') => ({ kind: 'operator', permission }) as const;
const tag = 'admin: roster';
const notAllowed = forbidden('This operator key lacks roster.manage.');
const callsign = text(32);

export const adminRosterRoutes: readonly RouteSpec[] = [
  route({
    operationId: 'createCharacter',
    method: 'POST',
    path: '/api/v1/admin/organisations/:organisationId/characters',
    summary: "Creates a player's character, the account that link codes tie game identifiers to.",
    tag,
    guard: operator('roster.manage'),
    params: idParams('organisationId'),
    body: Type.Object({ firstName: text(60), lastName: text(60), dateOfBirth: Type.Optional(nullable(dateOfBirth)) }),
    responses: { 201: { description: '`characterId`, `characterPublicId`, `displayName` and the rest.' } },
    useCase: 'createCharacter',
    handle: async ({ operator, params, body }, createCharacter) =>
      answer(
        await createCharacter.execute({ operator, organisationId: params.organisationId, ...body }),
        (c) => created(characterView(c)),
        {
          not_found: notFound('organisation'),
          forbidden: notAllowed,
          invalid_date_of_birth: invalid('dateOfBirth', 'is not a real YYYY-MM-DD date'),
        },
      ),
  }),
  route({
    operationId: 'issueLinkCode',
    method: 'POST',
    path: '/api/v1/admin/characters/:characterId/link-codes',
    summary: 'Issues a one-time link code, valid ten minutes, for the player to type in game.',
    tag,
    guard: operator('roster.manage'),
    params: idParams('characterId'),
    responses: { 201: { description: '`code` and `expiresAt`.' } },
    useCase: 'issueLinkCode',
    handle: async ({ operator, params }, issueLinkCode) =>
      answer(
        await issueLinkCode.execute({ operator, characterId: params.characterId }),
        ({ code, expiresAt }) => created({ code, expiresAt: expiresAt.toISOString() }),
        { not_found: notFound('character'), forbidden: notAllowed },
      ),
  }),
  route({
    operationId: 'addDepartmentMember',
    method: 'POST',
    path: '/api/v1/admin/departments/:departmentId/members',
    summary: 'Puts a character on the department roster with its unit; a null callsign leaves it unassigned.',
    tag,
    guard: operator('roster.manage'),
    params: idParams('departmentId'),
    body: Type.Object({ characterId: id<CharacterId>(), callsign: nullable(callsign) }),
    responses: { 201: { description: '`membershipId`, `unitId`, `unitLabel` (the callsign, or null).' } },
    useCase: 'addDepartmentMember',
    handle: async ({ operator, params, body }, addDepartmentMember) =>
      answer(
        await addDepartmentMember.execute({ operator, departmentId: params.departmentId, ...body }),
        ({ membership, unit }) => created({ membershipId: membership.id, unitId: unit.id, unitLabel: unit.callsign }),
        {
          not_found: notFound('department'),
          forbidden: notAllowed,
          unknown_character: invalid('characterId', 'is not a character of this organisation'),
          already_member: conflict('The character is already a member of this department.'),
          callsign_taken: conflict('Another unit of the department has that callsign.'),
        },
      ),
  }),
  route({
    operationId: 'updateUnit',
    method: 'PATCH',
    path: '/api/v1/admin/units/:unitId',
    summary: 'Activates or deactivates a unit, or sets its callsign (null takes it away).',
    tag,
    guard: operator('roster.manage'),
    params: idParams('unitId'),
    body: Type.Object({ isActive: Type.Optional(Type.Boolean()), callsign: Type.Optional(nullable(callsign)) }, { minProperties: 1 }),
    responses: { 200: { description: 'The unit as it now is.' } },
    useCase: 'updateUnit',
    handle: async ({ operator, params, body }, updateUnit) =>
      answer(await updateUnit.execute({ operator, unitId: params.unitId, ...body }), (u) => ok(unitView(u)), {
        not_found: notFound('unit'),
        forbidden: notAllowed,
        callsign_taken: conflict('Another unit of the department has that callsign.'),
        nothing_to_change: nothingToChange,
      }),
  }),
];
