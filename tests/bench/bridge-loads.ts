/**
 * One load per credentialed bridge route: the request sequence a connection repeats, the bodies it
 * rotates through (drawn from the prepared population) and the text every good answer contains.
 */
import { BRIDGE } from '../support/bridge-driver.ts';
import type { BridgeWorld } from '../support/bridge-population.ts';
import type { LoadStep } from './load.ts';

export interface RouteLoad {
  /** Short name for BENCH_ONLY. */
  readonly key: string;
  readonly name: string;
  readonly kind: 'read' | 'write';
  readonly steps: readonly LoadStep[];
  readonly expectText: string;
  readonly note?: string;
  /** Runs between the warm-up and the measured run (puts state back). */
  readonly between?: () => Promise<void>;
  /** A fixed number of requests instead of a duration (one-time inputs). */
  readonly amounts?: { readonly warmup: number; readonly measured: number };
}

const post = (path: string, bodies: readonly unknown[], pick?: LoadStep['pick']): LoadStep => ({
  method: 'POST',
  path: `${BRIDGE}${path}`,
  bodies: bodies.map((b) => JSON.stringify(b)),
  ...(pick === undefined ? {} : { pick }),
});

export const LINK_CODES_WARMUP = 50;
export const LINK_CODES_MEASURED = 200;

/**
 * `linkPass` names the identifiers `/identity/link` links, so that a second pass over the routes (on
 * another transport, with link codes of its own) links new identifiers too.
 */
export function bridgeRouteLoads(w: BridgeWorld, linkPass = 0): RouteLoad[] {
  const officer = w.onCall;
  const person = (i: number) => w.people[i % w.people.length]!;
  const civilian = (i: number) => ({ firstName: person(i).firstName, lastName: person(i).lastName, dateOfBirth: person(i).dateOfBirth });
  const each = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
  const spareBodies = w.spares.map((identifiers, k) => ({ identifiers, callId: w.spareCalls[k % w.spareCalls.length]! }));
  const releaseSpares = async () => {
    for (const body of spareBodies) await w.http.post(`${BRIDGE}/911/unassign`, body, { token: w.token });
  };

  return [
    {
      key: 'location',
      name: 'POST /location',
      kind: 'read',
      steps: [{ method: 'POST', path: `${BRIDGE}/location`, bodies: w.heartbeatBodies }],
      expectText: '"reported":true',
      note: 'out of arrival radius: gate + settings read',
    },
    {
      key: 'waypoint',
      name: 'POST /waypoint',
      kind: 'read',
      steps: [
        post(
          '/waypoint',
          officer.map((identifiers) => ({ identifiers })),
        ),
      ],
      expectText: '"hasWaypoint":true',
    },
    {
      key: 'lookup-vehicle',
      name: 'POST /lookup/vehicle',
      kind: 'read',
      steps: [
        post(
          '/lookup/vehicle',
          each(officer.length, (i) => ({ identifiers: officer[i], plate: person(i).plate })),
        ),
      ],
      expectText: '"found":true',
    },
    {
      key: 'lookup-person',
      name: 'POST /lookup/person',
      kind: 'read',
      steps: [
        post(
          '/lookup/person',
          each(officer.length, (i) => ({ identifiers: officer[i], firstName: person(i).firstName, lastName: person(i).lastName })),
        ),
      ],
      expectText: '"found":true',
    },
    {
      key: 'warrant-check',
      name: 'POST /warrant-check',
      kind: 'read',
      steps: [
        post(
          '/warrant-check',
          each(officer.length, (i) => ({ identifiers: officer[i], ...civilian(i) })),
        ),
      ],
      expectText: '"checked":true',
    },
    {
      key: 'bolo-check',
      name: 'POST /bolo-check',
      kind: 'read',
      steps: [
        post(
          '/bolo-check',
          each(officer.length, (i) => ({ identifiers: officer[i], plate: person(i % (2 * w.bolos.length)).plate })),
        ),
      ],
      expectText: '"checked":true',
      note: 'half the plates have a BOLO',
    },
    {
      key: 'mdt-handoff',
      name: 'POST /mdt-handoff',
      kind: 'write',
      steps: [
        post(
          '/mdt-handoff',
          officer.map((identifiers) => ({ identifiers, departmentSlug: w.slug, onDuty: true })),
        ),
      ],
      expectText: '"issued":true',
      note: 'mints a one-time token (insert)',
    },
    {
      key: 'presence',
      name: 'POST /presence',
      kind: 'write',
      steps: [post('/presence', [{ identifiers: [...w.officers, ...w.spares, ...w.dutyOfficers] }])],
      expectText: '"acknowledged":true',
      note: `${w.officers.length + w.spares.length + w.dutyOfficers.length} identifiers per heartbeat`,
    },
    {
      key: 'duty',
      name: 'POST /duty',
      kind: 'write',
      steps: [
        post(
          '/duty',
          [true, false].flatMap((onDuty) => w.dutyOfficers.map((identifiers) => ({ identifiers, departmentSlug: w.slug, onDuty }))),
        ),
      ],
      expectText: '"synced":true',
      note: 'each officer toggles on and off duty',
    },
    {
      key: 'self-assign',
      name: 'POST /911/self-assign + /911/unassign',
      kind: 'write',
      steps: [post('/911/self-assign', spareBodies), post('/911/unassign', spareBodies, 'previous')],
      expectText: 'assigned":true',
      note: 'alternating for the same officer; req/s counts both',
      between: releaseSpares,
    },
    {
      key: 'narrative',
      name: 'POST /911/narrative',
      kind: 'write',
      steps: [
        post(
          '/911/narrative',
          officer.map((identifiers, i) => ({ identifiers, callId: w.callOf(i), text: 'Suspect fled north on foot' })),
        ),
      ],
      expectText: '"updated":true',
      note: 'each officer on their own call (20 calls)',
    },
    {
      key: 'narrative-one-call',
      name: 'POST /911/narrative, one call',
      kind: 'write',
      steps: [
        post(
          '/911/narrative',
          officer
            .filter((_, i) => w.callOf(i) === w.callOf(0))
            .map((identifiers) => ({ identifiers, callId: w.callOf(0), text: 'Suspect fled north on foot' })),
        ),
      ],
      expectText: '"updated":true',
      note: 'every connection writes to the same call',
    },
    {
      key: 'panic',
      name: 'POST /panic',
      kind: 'write',
      steps: [
        post(
          '/panic',
          officer.map((identifiers, i) => ({ identifiers, mapX: 10 * i, mapY: -10 * i })),
        ),
      ],
      expectText: '"triggered":true',
      note: 'new P1 call each (numbered)',
    },
    {
      key: '911',
      name: 'POST /911',
      kind: 'write',
      steps: [post('/911', [{ identifiers: w.caller, mapX: 120, mapY: -340, description: 'Car crash on the highway' }])],
      expectText: '"reported":true',
      note: 'new call each (numbered)',
    },
    {
      key: 'bolo',
      name: 'POST /bolo',
      kind: 'write',
      steps: [
        post(
          '/bolo',
          each(officer.length, (i) => ({
            identifiers: officer[i],
            subject: { civilian: civilian(i), plate: person(i).plate },
            severity: 'HIGH',
            scope: 'DEPARTMENT',
            subjectDescription: 'black Bravado Buffalo',
            reason: 'armed robbery',
            narrative: 'seen leaving the bank on Vinewood Blvd',
          })),
        ),
      ],
      expectText: '"issued":true',
      note: 'existing civilian and plate; new BOLO each (numbered)',
    },
    {
      key: 'bolo-resolve',
      name: 'POST /bolo/:boloId/resolve',
      kind: 'write',
      steps: [
        {
          ...post(
            '',
            officer.map((identifiers) => ({ identifiers })),
          ),
          path: `${BRIDGE}/bolo/${w.bolos[0]}/resolve`,
        },
      ],
      expectText: '"resolved":true',
      note: 'idempotent after the first',
    },
    {
      key: 'citation',
      name: 'POST /citation',
      kind: 'write',
      steps: [
        post(
          '/citation',
          each(officer.length, (i) => ({
            identifiers: officer[i],
            civilian: civilian(i),
            plate: person(i).plate,
            locationText: 'Vinewood Blvd',
            statuteCode: 'VC-22350',
            statuteDescription: 'Unsafe speed',
            fineAmount: 250,
          })),
        ),
      ],
      expectText: '"issued":true',
      note: 'numbered',
    },
    {
      key: 'arrest',
      name: 'POST /arrest',
      kind: 'write',
      steps: [
        post(
          '/arrest',
          each(officer.length, (i) => ({
            identifiers: officer[i],
            civilian: civilian(i),
            locationText: 'Grove Street',
            narrative: 'Fled on foot, detained after a short chase',
            charges: [
              { statuteCode: 'PC-148', statuteDescription: 'Resisting' },
              { statuteCode: 'PC-211', statuteDescription: 'Robbery' },
            ],
          })),
        ),
      ],
      expectText: '"booked":true',
      note: 'numbered, two charges',
    },
    {
      key: 'civilian',
      name: 'POST /civilian',
      kind: 'write',
      steps: [
        post(
          '/civilian',
          each(officer.length, (i) => ({ identifiers: officer[i], civilian: civilian(i) })),
        ),
      ],
      expectText: '"synced":true',
      note: 'existing civilian (upsert finds it)',
    },
    {
      key: 'civilian-claim',
      name: 'POST /civilian/claim',
      kind: 'write',
      steps: [
        post(
          '/civilian/claim',
          each(officer.length, (i) => ({ identifiers: officer[i], civilian: civilian(i) })),
        ),
      ],
      expectText: '"claimed":true',
      note: 'each officer re-claims its own civilian',
    },
    {
      key: 'vehicle',
      name: 'POST /vehicle',
      kind: 'write',
      steps: [
        post(
          '/vehicle',
          each(officer.length, (i) => ({
            identifiers: officer[i],
            vehicle: { plate: person(i).plate, make: 'Vapid', model: 'Dominator', color: 'red' },
          })),
        ),
      ],
      expectText: '"synced":true',
      note: 'existing plate (upsert finds it)',
    },
    {
      key: 'identity-link',
      name: 'POST /identity/link',
      kind: 'write',
      steps: [
        post(
          '/identity/link',
          w.linkCodes.map((code, k) => ({
            identifiers: { license: `license:bench-linked-${linkPass === 0 ? '' : `${linkPass}-`}${k}` },
            code,
          })),
        ),
      ],
      expectText: '"linked":true',
      note: `fixed count: ${LINK_CODES_MEASURED} one-time codes`,
      amounts: { warmup: LINK_CODES_WARMUP, measured: LINK_CODES_MEASURED },
    },
  ];
}
