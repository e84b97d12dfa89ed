import type { IdentifierInput } from '../../../domain/roster/player-identifiers.ts';
import { PlayerIdentifiers } from '../../../domain/roster/player-identifiers.ts';
import { answer, invalid } from '../refusals.ts';
import { type RouteSpec, ok, route } from '../route-spec.ts';
import { identifiers, object, plate, text } from '../schemas.ts';

const game = { kind: 'credential', credential: 'game' } as const;
const tag = 'game bridge';
const base = '/api/v1/integrations/game';

/** Identifiers that passed the schema; the domain has the last word. */
export function playerIdentifiers(input: IdentifierInput): PlayerIdentifiers {
  const parsed = PlayerIdentifiers.from(input);
  if (!parsed.ok) throw invalid('identifiers', 'needs at least one of license, game, store, chat')();
  return parsed.value;
}

interface VehicleBody {
  identifiers: IdentifierInput;
  vehicle: { plate: string; make?: string; model?: string; color?: string };
}

export const bridgeRoutes: readonly RouteSpec[] = [
  route<VehicleBody>({
    operationId: 'bridgeSyncVehicle',
    method: 'POST',
    path: `${base}/vehicle`,
    summary: 'Registers a vehicle by exact plate, or finds it; never overwrites make, model or colour.',
    tag,
    guard: game,
    rateLimit: { bucket: 'bridge-vehicle', perMinute: 60, per: 'credential' },
    body: object({ identifiers, vehicle: object({ plate, make: text(60, 0), model: text(60, 0), color: text(40, 0) }, ['plate']) }, [
      'identifiers',
      'vehicle',
    ]),
    responses: { 200: { description: '`synced: true`, `vehicleId`, `created`.' } },
    handle: async ({ grant, body }, useCases) =>
      answer(
        await useCases.syncVehicle.execute({ grant, identifiers: playerIdentifiers(body.identifiers), vehicle: body.vehicle }),
        ({ vehicleId, created }) => ok({ synced: true, vehicleId, created }),
        { invalid_plate: invalid('vehicle.plate', 'must be 1 to 16 letters, digits or dashes (spaces are ignored)') },
      ),
  }),
];
