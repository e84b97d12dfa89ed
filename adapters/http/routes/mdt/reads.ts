import { boloSummaryAsRead } from '../../presenters/bolo-views.ts';
import { boloSummarySchema } from '../../presenters/api-views.ts';
import {
  mdtAssignmentSchema,
  mdtAssignmentView,
  mdtCallListSchema,
  mdtCallSummary,
  mdtSelfSchema,
  mdtSelfView,
} from '../../presenters/mdt-views.ts';
import { HttpError } from '../../error-catalogue.ts';
import { type RouteSpec, ok, route } from '../../route-spec.ts';
import { MDT_PATH, gateRefusal, onMdt } from './mdt-route.ts';

/** What any MDT session reads: who it is, its call, the department's open calls, the department's BOLOs. */
export const mdtReadRoutes: readonly RouteSpec[] = [
  route({
    operationId: 'mdtMe',
    method: 'GET',
    path: `${MDT_PATH}/me`,
    summary: 'Who is signed in: character, department, unit and status, and the tier as judged now.',
    ...onMdt('basic', 'read', 240),
    responses: { 200: { description: 'The officer.', schema: mdtSelfSchema } },
    useCase: 'readMdtSelf',
    handle: async ({ mdt }, readMdtSelf) => {
      const self = await readMdtSelf.execute(mdt);
      if (self === null) throw new HttpError('UNAUTHORIZED');
      return ok(mdtSelfView(self));
    },
  }),
  route({
    operationId: 'mdtAssignment',
    method: 'GET',
    path: `${MDT_PATH}/assignment`,
    summary: 'The call the officer’s unit is on: number, priority, description, pin, notes and the units on it; `null` when none.',
    ...onMdt('basic', 'read', 240),
    responses: { 200: { description: 'The assignment, or `assignment: null`.', schema: mdtAssignmentSchema } },
    useCase: 'readMdtAssignment',
    handle: async ({ mdt }, readMdtAssignment) => ok(mdtAssignmentView(await readMdtAssignment.execute(mdt), mdt.unit)),
  }),
  route({
    operationId: 'mdtCalls',
    method: 'GET',
    path: `${MDT_PATH}/calls`,
    summary: 'The department’s open calls: pending, then active, newest first in each.',
    ...onMdt('basic', 'read', 240),
    responses: { 200: { description: 'The open calls.', schema: mdtCallListSchema } },
    useCase: 'listMdtCalls',
    handle: async ({ mdt }, listMdtCalls) => ok({ calls: (await listMdtCalls.execute(mdt)).map(mdtCallSummary) }),
  }),
  route({
    operationId: 'mdtBolos',
    method: 'GET',
    path: `${MDT_PATH}/bolos`,
    summary: 'The active BOLOs the department issued, newest first; a lookup, for officers on duty.',
    ...onMdt('basic', 'lookup', 60),
    responses: {
      200: {
        description: 'The BOLOs, as summaries.',
        schema: { type: 'object', required: ['bolos'], properties: { bolos: { type: 'array', items: boloSummarySchema } } },
      },
      403: { description: 'The officer is not on duty now.' },
    },
    useCase: 'listMdtBolos',
    handle: async ({ mdt }, listMdtBolos) => {
      const outcome = await listMdtBolos.execute(mdt);
      if (!outcome.ok) throw gateRefusal(mdt, outcome.reason);
      const { bolos, now } = outcome.value;
      return ok({ bolos: bolos.map((bolo) => boloSummaryAsRead({ bolo, now })) });
    },
  }),
];
