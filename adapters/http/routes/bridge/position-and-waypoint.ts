import { waypointView } from '../../presenters/waypoint-views.ts';
import { waypointAnswerSchema } from './answer-schemas.ts';
import { type RouteSpec, ok } from '../../route-spec.ts';
import { bridgeEndpoint, bridgeRoute, playerBody, playerIdentifiers } from './bridge-route.ts';
import { point } from './body-fields.ts';

/** Where the officer is, and where the officer's unit is sent. */
export const positionAndWaypointRoutes: readonly RouteSpec[] = [
  bridgeRoute('reportLocation', {
    operationId: 'bridgeLocation',
    summary: 'The officer’s position heartbeat; not stored. Inside the arrival radius of the assignment pin the unit goes ON_SCENE.',
    request: { path: '/location', rate: ['location', 600], fields: point },
    answer: { flag: 'reported', carries: [], refusals: ['not_linked', 'not_on_duty'] },
  }),
  // Not a flag answer: `hasWaypoint` is false for an officer with no pin as well as for a refusal.
  bridgeEndpoint('readWaypoint', {
    operationId: 'bridgeWaypoint',
    summary: 'Where the officer’s unit is sent; a pure read.',
    request: { path: '/waypoint', rate: ['waypoint', 300], body: playerBody({}) },
    responses: {
      200: {
        description:
          '`hasWaypoint: true` with `callId`, `callNumber`, `mapX`, `mapY`; or `hasWaypoint: false` with `reason` (not_linked, not_on_duty, no_assignment, no_pin), `assignedCallId` and `assignedCallNumber`.',
        schema: waypointAnswerSchema,
      },
    },
    handle: async ({ grant, body }, readWaypoint) => {
      return ok(waypointView(await readWaypoint.execute({ grant, identifiers: playerIdentifiers(body.identifiers) })));
    },
  }),
];
