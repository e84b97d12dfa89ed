import { Type } from '@sinclair/typebox';
import { holdsScope } from '../../../../domain/credential/access-grant.ts';
import { HttpError } from '../../error-catalogue.ts';
import { conflict, notFound } from '../../refusals.ts';
import { type RouteSpec, ok, route } from '../../route-spec.ts';
import { idParams, text } from '../../schemas.ts';
import { refusalDocs } from '../answering.ts';
import { badSubject, bolo } from '../bridge/bolos.ts';
import { MDT_PATH, gateRefusal, onMdt } from './mdt-route.ts';

/** How the call refusals of the bridge's use cases read on the MDT. */
const onCall = {
  call_not_found: notFound('call'),
  wrong_department: conflict('That call belongs to another department.'),
  already_assigned: conflict('Your unit is already on a call; leave it first.'),
  not_assigned: conflict('Your unit is not on that call.'),
} as const;
const callPath = { params: idParams('callId') };
const callRefusals = {
  403: { description: 'The session is read-only now; `message` says why.' },
  ...refusalDocs(onCall),
};

/**
 * The `full` tier's actions, through the bridge's own use cases: the same rules, the same audit
 * entries (the hand-off's credential acting for the character), the same locks.
 */
export const mdtWriteRoutes: readonly RouteSpec[] = [
  route({
    operationId: 'mdtAddNote',
    method: 'POST',
    path: `${MDT_PATH}/calls/:callId/notes`,
    summary: 'Adds a note to a call of the department’s timeline, as the bridge’s `/911/narrative`.',
    ...onMdt('full', 'write', 30),
    ...callPath,
    body: Type.Object({ text: text(4000) }),
    responses: {
      201: {
        description: 'The note’s `eventId`.',
        schema: { type: 'object', required: ['eventId'], properties: { eventId: { type: 'string', format: 'uuid' } } },
      },
      ...callRefusals,
    },
    useCase: 'addNarrative',
    handle: async ({ mdt, params, body }, addNarrative) => {
      const outcome = await addNarrative.execute({ ...mdt.player, callId: params.callId, text: body.text });
      if (outcome.ok) return { status: 201, body: { eventId: outcome.value.eventId } };
      if (outcome.reason === 'not_linked' || outcome.reason === 'not_on_duty') throw gateRefusal(mdt, outcome.reason);
      throw onCall[outcome.reason]();
    },
  }),
  route({
    operationId: 'mdtAttach',
    method: 'POST',
    path: `${MDT_PATH}/calls/:callId/attach`,
    summary: 'The officer’s unit takes a call of the department (self-assign): EN_ROUTE, and a PENDING call becomes ACTIVE.',
    ...onMdt('full', 'write', 30),
    ...callPath,
    responses: {
      200: {
        description: 'The unit, the call’s status and the unit’s.',
        schema: {
          type: 'object',
          required: ['unitId', 'callStatus', 'unitStatus'],
          properties: { unitId: { type: 'string', format: 'uuid' }, callStatus: { type: 'string' }, unitStatus: { type: 'string' } },
        },
      },
      ...callRefusals,
    },
    useCase: 'selfAssign',
    handle: async ({ mdt, params }, selfAssign) => {
      const outcome = await selfAssign.execute({ ...mdt.player, callId: params.callId });
      if (outcome.ok) return ok(outcome.value);
      if (outcome.reason === 'not_linked' || outcome.reason === 'not_on_duty') throw gateRefusal(mdt, outcome.reason);
      throw onCall[outcome.reason]();
    },
  }),
  route({
    operationId: 'mdtDetach',
    method: 'POST',
    path: `${MDT_PATH}/calls/:callId/detach`,
    summary: 'The officer’s unit leaves the call (unassign) and is AVAILABLE again.',
    ...onMdt('full', 'write', 30),
    ...callPath,
    responses: {
      200: {
        description: 'The unit and its status.',
        schema: {
          type: 'object',
          required: ['unitId', 'unitStatus'],
          properties: { unitId: { type: 'string', format: 'uuid' }, unitStatus: { type: 'string' } },
        },
      },
      ...callRefusals,
    },
    useCase: 'unassignSelf',
    handle: async ({ mdt, params }, unassignSelf) => {
      const outcome = await unassignSelf.execute({ ...mdt.player, callId: params.callId });
      if (outcome.ok) return ok(outcome.value);
      if (outcome.reason === 'not_linked' || outcome.reason === 'not_on_duty') throw gateRefusal(mdt, outcome.reason);
      throw onCall[outcome.reason]();
    },
  }),
  route({
    operationId: 'mdtIssueBolo',
    method: 'POST',
    path: `${MDT_PATH}/bolos`,
    summary: 'Issues a BOLO for the department, as the bridge’s `/bolo`; the hand-off’s credential must hold `game.bolo.trigger`.',
    ...onMdt('full', 'write', 30),
    body: Type.Object(bolo),
    responses: {
      201: {
        description: 'The BOLO’s id and number.',
        schema: {
          type: 'object',
          required: ['boloId', 'boloNumber'],
          properties: { boloId: { type: 'string', format: 'uuid' }, boloNumber: { type: 'string' } },
        },
      },
      403: { description: 'The session is read-only now, or the hand-off’s credential lacks `game.bolo.trigger`.' },
    },
    useCase: 'issueBolo',
    handle: async ({ mdt, body }, issueBolo) => {
      if (!holdsScope(mdt.player.grant, 'game.bolo.trigger'))
        throw new HttpError('FORBIDDEN', 'The game credential that opened this MDT may not issue BOLOs (game.bolo.trigger).');
      const outcome = await issueBolo.execute({ ...mdt.player, ...body });
      if (outcome.ok) return { status: 201, body: outcome.value };
      if (outcome.reason === 'not_linked' || outcome.reason === 'not_on_duty') throw gateRefusal(mdt, outcome.reason);
      throw badSubject[outcome.reason]();
    },
  }),
];
