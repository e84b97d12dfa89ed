import type { CallId } from '../../../../domain/shared/ids.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { id, text } from '../../schemas.ts';
import { bridgeRoute } from './bridge-route.ts';
import { point } from './body-fields.ts';

const callId = id<CallId>();
/** The gate's refusals, and those of a call the officer acts on. */
const onCall = ['not_linked', 'not_on_duty', 'call_not_found'] as const;

/** Calls from the street: a panic button, a 911 report, and an officer taking, leaving or noting a call. */
export const callRoutes: readonly RouteSpec[] = [
  bridgeRoute('triggerPanic', {
    operationId: 'bridgePanic',
    summary: 'Raises a P1 call at the officer’s position; assigns nobody.',
    request: { path: '/panic', rate: ['panic', 6], fields: point },
    answer: { flag: 'triggered', carries: ['callId', 'callNumber'], refusals: ['not_linked', 'not_on_duty'] },
  }),
  bridgeRoute('reportEmergency', {
    operationId: 'bridgeReport911',
    summary: 'A linked player reports an emergency; on duty or not.',
    request: { path: '/911', rate: ['911', 20], fields: { ...point, description: text(2000) } },
    answer: { flag: 'reported', carries: ['callId', 'callNumber'], refusals: ['not_linked', 'no_department'] },
  }),
  bridgeRoute('selfAssign', {
    summary: 'The officer’s own unit takes a call: EN_ROUTE, and a PENDING call becomes ACTIVE, atomically.',
    request: { path: '/911/self-assign', rate: ['self-assign', 20], fields: { callId } },
    answer: {
      flag: 'assigned',
      carries: ['unitId', 'callStatus', 'unitStatus'],
      refusals: [...onCall, 'already_assigned', 'wrong_department'],
    },
  }),
  bridgeRoute('unassignSelf', {
    operationId: 'bridgeUnassign',
    summary: 'The officer’s own unit leaves a call and is AVAILABLE again.',
    request: { path: '/911/unassign', rate: ['unassign', 20], fields: { callId } },
    answer: { flag: 'unassigned', carries: ['unitId', 'unitStatus'], refusals: [...onCall, 'not_assigned', 'wrong_department'] },
  }),
  bridgeRoute('addNarrative', {
    operationId: 'bridgeNarrative',
    summary: 'Adds a note to a call’s timeline; closed calls included.',
    request: { path: '/911/narrative', rate: ['narrative', 60], fields: { callId, text: text(4000) } },
    answer: { flag: 'updated', carries: ['eventId'], refusals: [...onCall, 'wrong_department'] },
  }),
];
