import { personMatchView, vehicleLookupView } from '../../presenters/records-views.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { plate, text } from '../../schemas.ts';
import { bridgeRoute } from './bridge-route.ts';
import { name } from './body-fields.ts';

/** What an on-duty officer looks up: a plate, a name, a warrant. */
export const lookupRoutes: readonly RouteSpec[] = [
  bridgeRoute('lookupVehicle', {
    summary: 'Runs a plate.',
    request: { path: '/lookup/vehicle', rate: ['lookup-vehicle', 60], fields: { plate } },
    answer: {
      flag: 'found',
      carries: ['vehicle'],
      present: (found) => ({ vehicle: vehicleLookupView(found) }),
      refusals: ['not_linked', 'not_on_duty', 'no_match'],
    },
  }),
  bridgeRoute('lookupPerson', {
    summary: 'Finds civilians by exact name; at most 10.',
    request: { path: '/lookup/person', rate: ['lookup-person', 60], fields: { firstName: name, lastName: name } },
    answer: {
      flag: 'found',
      carries: ['matches'],
      present: (civilians) => ({ matches: civilians.map(personMatchView) }),
      refusals: ['not_linked', 'not_on_duty', 'no_match'],
    },
  }),
  bridgeRoute('checkWarrants', {
    operationId: 'bridgeWarrantCheck',
    summary: 'Whether exactly one civilian, by name and date of birth, has an active warrant; never a guess.',
    request: { path: '/warrant-check', rate: ['warrant-check', 60], fields: { firstName: name, lastName: name, dateOfBirth: text(32) } },
    answer: {
      flag: 'checked',
      carries: ['hasActiveWarrant', 'civilianId'],
      refusals: ['not_linked', 'not_on_duty', 'no_match', 'multiple_matches'],
    },
  }),
];
