import { boloCheckMatch } from '../../presenters/bolo-views.ts';
import { Type } from '@sinclair/typebox';
import { BOLO_SCOPES, BOLO_SEVERITIES } from '../../../../domain/bolo/bolo-terms.ts';
import { invalid } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { dateOfBirth, idParams, oneOf, plate, text } from '../../schemas.ts';
import { bridgeRoute } from './bridge-route.ts';
import { badDateOfBirth, badPlate, name } from './body-fields.ts';

/** A new BOLO: its subject (a person, the date of birth optional; a plate; or both) and its terms. The MDT issues the same. */
export const bolo = {
  subject: Type.Object(
    {
      civilian: Type.Optional(Type.Object({ firstName: name, lastName: name, dateOfBirth: Type.Optional(dateOfBirth) })),
      plate: Type.Optional(plate),
    },
    { anyOf: [{ required: ['civilian'] }, { required: ['plate'] }] },
  ),
  severity: oneOf(BOLO_SEVERITIES),
  scope: oneOf(BOLO_SCOPES),
  subjectDescription: text(1000),
  reason: text(1000),
  narrative: text(4000, 0),
};

/** A subject the domain cannot take is the caller's error. */
export const badSubject = {
  ...badDateOfBirth('subject.civilian.dateOfBirth'),
  ...badPlate('subject.plate'),
  no_subject: invalid('subject', 'needs civilian or plate'),
};

/** A plate, a full name, or both, to check against active BOLOs. */
const sought = { plate: Type.Optional(plate), firstName: Type.Optional(name), lastName: Type.Optional(name) };

/** BOLOs from the street: issuing one, checking a plate or a person against them, resolving one. */
export const boloRoutes: readonly RouteSpec[] = [
  bridgeRoute('issueBolo', {
    summary: 'Issues a BOLO about a person, a plate or both; unknown subjects are registered.',
    request: { path: '/bolo', rate: ['bolo', 20], scope: 'game.bolo.trigger', fields: bolo },
    answer: { flag: 'issued', carries: ['boloId', 'boloNumber'], refusals: ['not_linked', 'not_on_duty'] },
    errors: badSubject,
  }),
  bridgeRoute('checkBolos', {
    operationId: 'bridgeBoloCheck',
    summary: 'Active BOLOs about a plate or a person that the officer’s department may see; at most 10.',
    request: {
      path: '/bolo-check',
      rate: ['bolo-check', 60],
      fields: sought,
      anyOf: [{ required: ['plate'] }, { required: ['firstName', 'lastName'] }],
    },
    answer: {
      flag: 'checked',
      carries: ['matches'],
      present: (bolos) => ({ matches: bolos.map(boloCheckMatch) }),
      refusals: ['not_linked', 'not_on_duty'],
    },
    call: ({ firstName, lastName, ...input }, checkBolos) =>
      checkBolos.execute({ ...input, name: firstName !== undefined && lastName !== undefined ? { firstName, lastName } : undefined }),
  }),
  bridgeRoute('resolveBolo', {
    summary: 'Resolves a BOLO of the officer’s department; resolving it again succeeds.',
    request: { path: '/bolo/:boloId/resolve', rate: ['bolo-resolve', 20], params: idParams('boloId'), fields: {} },
    answer: {
      flag: 'resolved',
      carries: ['boloId', 'status'],
      refusals: ['not_linked', 'not_on_duty', 'bolo_not_found', 'wrong_department'],
    },
  }),
];
