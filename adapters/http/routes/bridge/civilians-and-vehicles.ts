import { Type } from '@sinclair/typebox';
import type { RouteSpec } from '../../route-spec.ts';
import { label, plate } from '../../schemas.ts';
import { bridgeRoute } from './bridge-route.ts';
import { badDateOfBirth, badPlate, person } from './body-fields.ts';

const vehicle = Type.Object({
  plate,
  make: Type.Optional(label(60, 0)),
  model: Type.Optional(label(60, 0)),
  color: Type.Optional(label(40, 0)),
});

/** The game's own people and cars, kept in the records: registered when first seen, claimed by their player. */
export const civilianAndVehicleRoutes: readonly RouteSpec[] = [
  bridgeRoute('syncCivilian', {
    summary: 'Finds or registers the civilian a player plays; always succeeds.',
    request: { path: '/civilian', rate: ['civilian', 60], fields: { civilian: person } },
    answer: { flag: 'synced', carries: ['civilianId', 'created'], refusals: [] },
    errors: badDateOfBirth('civilian.dateOfBirth'),
  }),
  bridgeRoute('claimCivilian', {
    summary: 'A linked player claims a civilian as their own.',
    request: { path: '/civilian/claim', rate: ['civilian-claim', 10], fields: { civilian: person } },
    answer: { flag: 'claimed', carries: ['civilianId'], refusals: ['not_linked', 'already_claimed'] },
    errors: badDateOfBirth('civilian.dateOfBirth'),
  }),
  bridgeRoute('syncVehicle', {
    summary: 'Registers a vehicle by exact plate, or finds it; never overwrites make, model or colour.',
    request: { path: '/vehicle', rate: ['vehicle', 60], fields: { vehicle } },
    answer: { flag: 'synced', carries: ['vehicleId', 'created'], refusals: [] },
    errors: badPlate('vehicle.plate'),
  }),
];
