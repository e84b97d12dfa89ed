import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import type { HttpClient } from './http-client.ts';
import { expect } from './operator-driver.ts';
import { browserOf } from './people-driver.ts';

let serial = 0;
const unique = () => `${Date.now().toString(36)}p${(serial++).toString(36)}`;

/**
 * What the person routes of a route world act on: the owner's own characters (one kept, one that
 * the retire route retires again and again) and a vehicle of theirs, so that every route of the
 * table has ids of its caller's own to call; and a character the roster's owner routes approve and
 * move between the owner and another person of the organisation, back and forth.
 */
export async function playerWorld(
  http: HttpClient,
  owner: { readonly personId: string; readonly browser: { readonly cookie: string } },
  otherPersonId: string,
  organisationId: string,
  gameToken: string,
) {
  const browser = browserOf(http, http.baseUrl, owner.browser.cookie);
  const base = `/api/v1/account/organisations/${organisationId}`;
  const character = async (firstName: string) =>
    expect(await browser.post(`${base}/characters`, { firstName, lastName: 'Owner' }), 201).characterId as string;
  const characterId = await character('Keeper');
  const retiringId = await character('Leaver');
  const movingId = await character('Mover');
  const ROSTER_OWNER_ROUTES = new Set(['approveCharacter', 'moveCharacter']);
  const vehicleId = expect(
    await browser.post(`${base}/vehicles`, { plate: `OW${unique()}`.slice(0, 12), ownerCharacterId: characterId }),
    201,
  ).vehicleId as string;
  const ids: Record<string, string> = { characterId, vehicleId };
  const game = (path: string, body: unknown) => http.post(`/api/v1/integrations/game${path}`, body, { token: gameToken });
  return {
    /** The id a person route takes for `name`, or null where the world's own is meant. */
    idOf: (spec: Pick<RouteSpec, 'operationId' | 'guard'>, name: string): string | null => {
      if (ROSTER_OWNER_ROUTES.has(spec.operationId) && name === 'characterId') return movingId;
      if (spec.guard.kind !== 'person') return null;
      if (spec.operationId === 'retireMyCharacter' && name === 'characterId') return retiringId;
      return ids[name] ?? null;
    },
    /** A body each person route of the players' accepts, fresh each call. */
    async body(operationId: string): Promise<unknown> {
      switch (operationId) {
        case 'createMyCharacter':
          return { firstName: 'Fresh', lastName: `Player ${serial++}` };
        case 'renameMyCharacter':
          return { firstName: 'Keeper', lastName: serial++ % 2 === 0 ? 'Owner' : 'Renamed' };
        case 'unlinkMyIdentifier': {
          const value = `license:${unique()}`;
          const { code } = expect(await browser.post(`/api/v1/account/characters/${characterId}/link-codes`), 201);
          expect(await game('/identity/link', { identifiers: { license: value }, code }), 200);
          return { kind: 'license', value };
        }
        case 'confirmPendingLink': {
          const started = expect(await game('/identity/link/pending', { identifiers: { license: `license:${unique()}` } }), 200);
          return { code: started.code, characterId };
        }
        case 'registerMyVehicle':
          return { plate: `RG${unique()}`.slice(0, 12), make: 'Declasse', ownerCharacterId: characterId };
        case 'moveCharacter':
          return { personId: serial++ % 2 === 0 ? otherPersonId : owner.personId };
        case 'transferMyVehicle':
          return { characterId };
        case 'reportMyVehicleStolen':
          return { stolen: serial++ % 2 === 0 };
        default:
          return undefined;
      }
    },
  };
}
