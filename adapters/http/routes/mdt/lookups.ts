import { Type } from '@sinclair/typebox';
import { personMatchView, vehicleLookupView } from '../../presenters/records-views.ts';
import { type RouteSpec, ok, route } from '../../route-spec.ts';
import { plate, text } from '../../schemas.ts';
import { flagAnswerSchema } from '../bridge/answer-schemas.ts';
import { name } from '../bridge/body-fields.ts';
import { MDT_PATH, gateRefusal, onMdt } from './mdt-route.ts';

const notOnDuty = { 403: { description: 'The officer is not on duty now: lookups are for officers on duty, as on the bridge.' } };

/**
 * The bridge's lookups, for the officer behind the session, through the bridge's own use cases
 * (same gate, same answers). POST, so that names and plates stay out of URLs and access logs.
 */
export const mdtLookupRoutes: readonly RouteSpec[] = [
  route({
    operationId: 'mdtLookupVehicle',
    method: 'POST',
    path: `${MDT_PATH}/lookup/vehicle`,
    summary: 'Runs a plate, as the bridge’s `/lookup/vehicle`.',
    ...onMdt('basic', 'lookup', 60),
    body: Type.Object({ plate }),
    responses: {
      200: {
        description: '`found: true` with `vehicle`, or `found: false` with `reason`.',
        schema: flagAnswerSchema('found', ['vehicle'], ['no_match']),
      },
      ...notOnDuty,
    },
    useCase: 'lookupVehicle',
    handle: async ({ mdt, body }, lookupVehicle) => {
      const outcome = await lookupVehicle.execute({ ...mdt.player, plate: body.plate });
      if (outcome.ok) return ok({ found: true, vehicle: vehicleLookupView(outcome.value) });
      if (outcome.reason === 'no_match') return ok({ found: false, reason: outcome.reason });
      throw gateRefusal(mdt, outcome.reason);
    },
  }),
  route({
    operationId: 'mdtLookupPerson',
    method: 'POST',
    path: `${MDT_PATH}/lookup/person`,
    summary: 'Finds civilians by exact name, at most 10, as the bridge’s `/lookup/person`.',
    ...onMdt('basic', 'lookup', 60),
    body: Type.Object({ firstName: name, lastName: name }),
    responses: {
      200: {
        description: '`found: true` with `matches`, or `found: false` with `reason`.',
        schema: flagAnswerSchema('found', ['matches'], ['no_match']),
      },
      ...notOnDuty,
    },
    useCase: 'lookupPerson',
    handle: async ({ mdt, body }, lookupPerson) => {
      const outcome = await lookupPerson.execute({ ...mdt.player, ...body });
      if (outcome.ok) return ok({ found: true, matches: outcome.value.map(personMatchView) });
      if (outcome.reason === 'no_match') return ok({ found: false, reason: outcome.reason });
      throw gateRefusal(mdt, outcome.reason);
    },
  }),
  route({
    operationId: 'mdtWarrantCheck',
    method: 'POST',
    path: `${MDT_PATH}/warrant-check`,
    summary: 'Whether exactly one civilian, by name and date of birth, has an active warrant, as the bridge’s `/warrant-check`.',
    ...onMdt('basic', 'lookup', 60),
    body: Type.Object({ firstName: name, lastName: name, dateOfBirth: text(32) }),
    responses: {
      200: {
        description: '`checked: true` with `hasActiveWarrant` and `civilianId`, or `checked: false` with `reason`.',
        schema: flagAnswerSchema('checked', ['hasActiveWarrant', 'civilianId'], ['no_match', 'multiple_matches']),
      },
      ...notOnDuty,
    },
    useCase: 'checkWarrants',
    handle: async ({ mdt, body }, checkWarrants) => {
      const outcome = await checkWarrants.execute({ ...mdt.player, ...body });
      if (outcome.ok) return ok({ checked: true, ...outcome.value });
      if (outcome.reason === 'no_match' || outcome.reason === 'multiple_matches') return ok({ checked: false, reason: outcome.reason });
      throw gateRefusal(mdt, outcome.reason);
    },
  }),
];
