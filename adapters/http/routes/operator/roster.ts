import { Type } from '@sinclair/typebox';
import { characterViewSchema, linkCodeSchema, membershipSchema, membershipViewSchema } from '../../presenters/operator-view-schemas.ts';
import { unitViewSchema } from '../../presenters/roster-views.ts';
import type { ListedCharacter } from '../../../../application/operator/list-characters.ts';
import type { CharacterId, PersonId } from '../../../../domain/shared/ids.ts';
import { membershipView } from '../../presenters/membership-views.ts';
import { characterView, unitView } from '../../presenters/roster-views.ts';
import { conflict, forbidden, invalid, notFound, nothingToChange } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { dateOfBirth, id, idParams, label, nullable } from '../../schemas.ts';
import { rosterPageQuery, pageQuery, pageRefusals, paged } from './operator-pages.ts';
import { operatorRouteFor } from './operator-route.ts';

const rosterRoute = operatorRouteFor({ tag: 'admin: roster', permission: 'roster.manage' });
const notAllowed = forbidden('This operator key lacks roster.manage.');
const callsign = label(32);
const callsignTaken = conflict('Another unit of the department has that callsign.');
const membershipEnded = conflict('The unit’s member was removed from the department: it is kept for its history only.');

/** The roster: players' characters, their link codes, department memberships and units. */
export const rosterRoutes: readonly RouteSpec[] = [
  rosterRoute('createCharacter', {
    summary: "Creates a player's character, the account that link codes tie game identifiers to.",
    request: {
      method: 'POST',
      path: '/api/v1/admin/organisations/:organisationId/characters',
      params: idParams('organisationId'),
      body: Type.Object({ firstName: label(60), lastName: label(60), dateOfBirth: Type.Optional(nullable(dateOfBirth)) }),
    },
    success: {
      status: 201,
      description: '`characterId`, `characterPublicId`, `displayName` and the rest.',
      schema: characterViewSchema,
      present: characterView,
    },
    refusals: {
      not_found: notFound('organisation'),
      forbidden: notAllowed,
      invalid_date_of_birth: invalid('dateOfBirth', 'is not a real YYYY-MM-DD date'),
    },
  }),
  rosterRoute('issueLinkCode', {
    summary: 'Issues a one-time link code, valid ten minutes, for the player to type in game.',
    request: { method: 'POST', path: '/api/v1/admin/characters/:characterId/link-codes', params: idParams('characterId') },
    success: {
      status: 201,
      description: '`code` and `expiresAt`.',
      schema: linkCodeSchema,
      present: ({ code, expiresAt }) => ({ code, expiresAt: expiresAt.toISOString() }),
    },
    refusals: { not_found: notFound('character'), forbidden: notAllowed },
  }),
  rosterRoute('approveCharacter', {
    summary: 'Approves a character waiting for approval: it becomes active and may be linked. One already active is answered as it is.',
    request: { method: 'POST', path: '/api/v1/admin/characters/:characterId/approve', params: idParams('characterId') },
    success: { status: 200, description: 'The character as it now is.', schema: characterViewSchema, present: characterView },
    refusals: {
      not_found: notFound('character'),
      forbidden: notAllowed,
      character_retired: conflict('The character is retired: it is never active again.'),
    },
  }),
  rosterRoute('moveCharacter', {
    summary:
      "Moves a character, with its record and vehicles, to another person's account in the same organisation; its game identities are unlinked.",
    request: {
      method: 'POST',
      path: '/api/v1/admin/characters/:characterId/owner',
      params: idParams('characterId'),
      body: Type.Object({ personId: id<PersonId>() }),
    },
    success: { status: 200, description: 'The character as it now is.', schema: characterViewSchema, present: characterView },
    refusals: {
      not_found: notFound('character'),
      forbidden: notAllowed,
      unknown_person: invalid('personId', 'is not a person of this organisation'),
    },
  }),
  rosterRoute('addDepartmentMember', {
    summary: 'Puts a character on the department roster with its unit; a null callsign leaves it unassigned.',
    request: {
      method: 'POST',
      path: '/api/v1/admin/departments/:departmentId/members',
      params: idParams('departmentId'),
      body: Type.Object({ characterId: id<CharacterId>(), callsign: nullable(callsign) }),
    },
    success: {
      status: 201,
      description: '`membershipId`, `unitId`, `unitLabel` (the callsign, or null).',
      schema: membershipSchema,
      present: ({ membership, unit }) => ({ membershipId: membership.id, unitId: unit.id, unitLabel: unit.callsign }),
    },
    refusals: {
      not_found: notFound('department'),
      forbidden: notAllowed,
      unknown_character: invalid('characterId', 'is not a character of this organisation'),
      already_member: conflict('The character is already a member of this department.'),
      callsign_taken: callsignTaken,
    },
  }),
  rosterRoute('updateUnit', {
    summary: 'Activates or deactivates a unit, or sets its callsign (null takes it away).',
    request: {
      method: 'PATCH',
      path: '/api/v1/admin/units/:unitId',
      params: idParams('unitId'),
      body: Type.Object({ isActive: Type.Optional(Type.Boolean()), callsign: Type.Optional(nullable(callsign)) }, { minProperties: 1 }),
    },
    success: { status: 200, description: 'The unit as it now is.', schema: unitViewSchema, present: unitView },
    refusals: {
      not_found: notFound('unit'),
      forbidden: notAllowed,
      callsign_taken: callsignTaken,
      nothing_to_change: nothingToChange,
      membership_ended: membershipEnded,
    },
  }),
  rosterRoute('endMembership', {
    summary:
      'Removes a member from the department (decision 0140): the membership ends, and its unit goes off duty, leaves any call, is deactivated and frees its callsign; both are kept for the history that names them. One ended already is answered as it is.',
    request: { method: 'POST', path: '/api/v1/admin/memberships/:membershipId/end', params: idParams('membershipId') },
    success: {
      status: 200,
      description: 'The membership as it now is, with `endedAt`.',
      schema: membershipViewSchema,
      present: ({ membership }) => membershipView(membership),
    },
    refusals: { not_found: notFound('membership'), forbidden: notAllowed },
  }),
  rosterRoute('listCharacters', {
    summary: "The organisation's characters, oldest first; cursor-paginated.",
    request: {
      method: 'GET',
      path: '/api/v1/admin/organisations/:organisationId/characters',
      params: idParams('organisationId'),
      query: pageQuery,
    },
    success: paged(
      ({ character, linked }: ListedCharacter) => ({ ...characterView(character), linked }),
      'A page of characters, each with `linked`: whether a game identity is linked to it.',
    ),
    refusals: pageRefusals('roster.manage'),
  }),
  rosterRoute('listMembers', {
    summary: 'Department memberships of the organisation, or of one `departmentId`, oldest first; cursor-paginated.',
    request: {
      method: 'GET',
      path: '/api/v1/admin/organisations/:organisationId/members',
      params: idParams('organisationId'),
      query: rosterPageQuery,
    },
    success: paged(
      membershipView,
      'A page of current memberships (`membershipId`, `departmentId`, `characterId`, `unitId`); removed members are not listed.',
    ),
    refusals: pageRefusals('roster.manage'),
  }),
  rosterRoute('listRosterUnits', {
    summary:
      "The organisation's units, or one `departmentId`'s, active or not, oldest first, without those of removed members; cursor-paginated.",
    request: {
      method: 'GET',
      path: '/api/v1/admin/organisations/:organisationId/units',
      params: idParams('organisationId'),
      query: rosterPageQuery,
    },
    success: paged(unitView, 'A page of units.'),
    refusals: pageRefusals('roster.manage'),
  }),
];
