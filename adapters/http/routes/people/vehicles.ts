import { Type } from '@sinclair/typebox';
import type { CharacterId } from '../../../../domain/shared/ids.ts';
import { myVehicleSchema, myVehicleView } from '../../presenters/player-views.ts';
import { conflict, invalid, notFound } from '../../refusals.ts';
import { type RouteSpec, ok } from '../../route-spec.ts';
import { id, idParams, label, nullable, plate } from '../../schemas.ts';
import { accountRoute } from './account-route.ts';

const detail = Type.Optional(nullable(label(60)));
const notOwnCharacter = invalid('ownerCharacterId', 'is not a character of your own here that may hold a vehicle');
const noVehicle = notFound('vehicle');

/** The vehicles of the signed-in person's own characters, in the records the bridge's lookups and the MDT read. */
export const myVehicleRoutes: readonly RouteSpec[] = [
  accountRoute('read', {
    operationId: 'listMyVehicles',
    method: 'GET',
    path: '/api/v1/account/organisations/:organisationId/vehicles',
    summary: 'The vehicles registered to the signed-in person’s own characters in one of their organisations.',
    params: idParams('organisationId'),
    responses: {
      200: {
        description: '`vehicles`.',
        schema: {
          type: 'object',
          required: ['vehicles'],
          additionalProperties: false,
          properties: { vehicles: { type: 'array', items: myVehicleSchema } },
        },
      },
      404: { description: '`NOT_FOUND`: the person does not belong to that organisation.' },
    },
    useCase: 'readMyVehicles',
    handle: async ({ person, params }, read) => {
      const outcome = await read.execute({ person, organisationId: params.organisationId });
      if (!outcome.ok) throw notFound('organisation')();
      return ok({ vehicles: outcome.value.map(myVehicleView) });
    },
  }),
  accountRoute('write', {
    operationId: 'registerMyVehicle',
    method: 'POST',
    path: '/api/v1/account/organisations/:organisationId/vehicles',
    summary: 'Registers a vehicle to one of one’s own characters: `/lookup/vehicle` and the MDT find it at once.',
    params: idParams('organisationId'),
    body: Type.Object({ plate, make: detail, model: detail, color: detail, ownerCharacterId: id<CharacterId>() }),
    responses: {
      201: { description: 'The vehicle.', schema: myVehicleSchema },
      404: { description: '`NOT_FOUND`: the person does not belong to that organisation.' },
      409: { description: '`CONFLICT`: a vehicle with that plate is registered already.' },
    },
    useCase: 'registerMyVehicle',
    handle: async ({ person, params, body }, register) => {
      const outcome = await register.execute({ person, organisationId: params.organisationId, ...body });
      if (outcome.ok) return { status: 201, body: myVehicleView(outcome.value) };
      if (outcome.reason === 'invalid_plate') throw invalid('plate', 'must be 1 to 16 letters, digits or dashes (spaces are ignored)')();
      if (outcome.reason === 'unknown_character') throw notOwnCharacter();
      if (outcome.reason === 'plate_taken') throw conflict('A vehicle with that plate is registered already.')();
      throw notFound('organisation')();
    },
  }),
  accountRoute('write', {
    operationId: 'transferMyVehicle',
    method: 'POST',
    path: '/api/v1/account/vehicles/:vehicleId/transfer',
    summary: 'Moves a vehicle of one of one’s own characters to another of one’s own characters.',
    params: idParams('vehicleId'),
    body: Type.Object({ characterId: id<CharacterId>() }),
    responses: {
      200: { description: 'The vehicle, with its new owner.', schema: myVehicleSchema },
      404: { description: '`NOT_FOUND`: no vehicle of one’s own characters has that id.' },
    },
    useCase: 'transferMyVehicle',
    handle: async ({ person, params, body }, transfer) => {
      const outcome = await transfer.execute({ person, vehicleId: params.vehicleId, characterId: body.characterId });
      if (outcome.ok) return ok(myVehicleView(outcome.value));
      if (outcome.reason === 'unknown_character')
        throw invalid('characterId', 'is not a character of your own here that may hold a vehicle')();
      throw noVehicle();
    },
  }),
  accountRoute('write', {
    operationId: 'reportMyVehicleStolen',
    method: 'POST',
    path: '/api/v1/account/vehicles/:vehicleId/stolen',
    summary: 'Reports a vehicle of one’s own characters stolen (`stolen: true`: lookups read `STOLEN`), or found again (`false`).',
    params: idParams('vehicleId'),
    body: Type.Object({ stolen: Type.Boolean() }),
    responses: {
      200: { description: 'The vehicle as it now is.', schema: myVehicleSchema },
      404: { description: '`NOT_FOUND`: no vehicle of one’s own characters has that id.' },
    },
    useCase: 'reportMyVehicleStolen',
    handle: async ({ person, params, body }, report) => {
      const outcome = await report.execute({ person, vehicleId: params.vehicleId, stolen: body.stolen });
      if (outcome.ok) return ok(myVehicleView(outcome.value));
      throw noVehicle();
    },
  }),
];
