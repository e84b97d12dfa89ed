/**
 * The population the bridge benchmark and the statement counts run against, made through the real
 * HTTP surfaces (operator routes and the bridge itself): one organisation, one department, a game
 * credential with the three bridge scopes, officers on duty (half of them on calls), officers kept
 * for the self-assign cycle and for duty toggles, a civilian caller, civilians with vehicles and
 * warrants, BOLOs on some plates, and a character with link codes issued ahead.
 */
import { BRIDGE, BRIDGE_SCOPES } from './bridge-driver.ts';
import { httpClient } from './http-client.ts';
import { expect, operatorOf, tokenFor } from './operator-driver.ts';

export interface BridgeWorldSize {
  /** Officers on duty; the first half are on calls (waypoint, narrative, location). */
  readonly officers: number;
  /** Officers on duty and on no call, for the self-assign / unassign cycle. */
  readonly spareOfficers: number;
  /** Officers whose duty the benchmark toggles. */
  readonly dutyOfficers: number;
  readonly calls: number;
  /** Civilians, each with a registered vehicle; every other one has an active warrant. */
  readonly people: number;
  readonly bolos: number;
  readonly linkCodes: number;
}

export const defaultSize: BridgeWorldSize = {
  officers: 100,
  spareOfficers: 100,
  dutyOfficers: 40,
  calls: 20,
  people: 100,
  bolos: 10,
  linkCodes: 0,
};

export type Identifiers = { license: string };
export interface Person {
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string;
  readonly plate: string;
}

/** Letters only, so that names pass any name rule: 0 -> "a", 27 -> "bb". */
const letters = (n: number) => {
  let s = '';
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s;
};

async function inBatches<T>(count: number, size: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => work(start + k)))));
  }
  return results;
}

export async function prepareBridgeWorld(url: string, bootstrapKey: string, size: BridgeWorldSize = defaultSize) {
  const http = httpClient(url);
  const operator = operatorOf(http, bootstrapKey);
  const org = await operator.organisation();
  const organisationId = org.organisationId;
  const slug = 'lspd';
  const departmentId = await org.department(slug);
  const token = await tokenFor(http, await org.gameCredential(departmentId, [...BRIDGE_SCOPES]));
  const admin = (path: string, body?: unknown) => operator.post(path, body);
  const bridge = async (path: string, body: unknown, flag: string) => {
    const answer = expect(await http.post(`${BRIDGE}${path}`, body, { token }), 200);
    if (answer[flag] !== true) throw new Error(`${path} refused: ${JSON.stringify(answer)}`);
    return answer;
  };
  const duty = (identifiers: Identifiers, onDuty: boolean) =>
    bridge('/duty', { identifiers, departmentSlug: slug, onDuty, characterName: `Officer ${identifiers.license.slice(-4)}` }, 'synced');

  const officers = Array.from({ length: size.officers }, (_, i) => ({ license: `license:bench-officer-${i}` }));
  const spares = Array.from({ length: size.spareOfficers }, (_, i) => ({ license: `license:bench-spare-${i}` }));
  const dutyOfficers = Array.from({ length: size.dutyOfficers }, (_, i) => ({ license: `license:bench-duty-${i}` }));
  for (const group of [officers, spares, dutyOfficers]) await inBatches(group.length, 10, (i) => duty(group[i]!, true));
  const caller = { license: 'license:bench-caller' };
  await duty(caller, false);

  const pins = Array.from({ length: size.calls }, (_, c) => ({ mapX: 1000 * c, mapY: -500 * c }));
  const report = async (pin: { mapX: number; mapY: number }) =>
    (await bridge('/911', { identifiers: caller, ...pin, description: 'Shots fired near the pier' }, 'reported')).callId as string;
  const calls: string[] = [];
  for (const pin of pins) calls.push(await report(pin));
  const spareCalls: string[] = [];
  for (const pin of pins) spareCalls.push(await report({ mapX: pin.mapX + 7, mapY: pin.mapY + 7 }));
  // The first half of the officers are on calls; the other half are available.
  const onCall = Math.ceil(size.officers / 2);
  const callOf = (i: number) => calls[i % calls.length]!;
  await inBatches(onCall, 10, (i) => bridge('/911/self-assign', { identifiers: officers[i], callId: callOf(i) }, 'assigned'));

  const people: Person[] = Array.from({ length: size.people }, (_, i) => ({
    firstName: 'Trevor',
    lastName: `Philips${letters(i)}`,
    dateOfBirth: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
    plate: `BR${String(i).padStart(4, '0')}`,
  }));
  await inBatches(people.length, 10, async (i) => {
    const p = people[i]!;
    const { civilianId } = expect(
      await admin(`/organisations/${organisationId}/civilians`, {
        firstName: p.firstName,
        lastName: p.lastName,
        dateOfBirth: p.dateOfBirth,
      }),
      201,
    );
    expect(await admin(`/organisations/${organisationId}/vehicles`, { plate: p.plate, make: 'Bravado', ownerCivilianId: civilianId }), 201);
    if (i % 2 === 0) expect(await admin(`/organisations/${organisationId}/warrants`, { civilianId, status: 'ACTIVE' }), 201);
  });
  const bolos: string[] = [];
  for (let b = 0; b < size.bolos; b++) {
    const body = {
      identifiers: officers[0],
      subject: { plate: people[b % people.length]!.plate },
      severity: 'HIGH',
      scope: 'DEPARTMENT',
      subjectDescription: 'black Bravado Buffalo',
      reason: 'armed robbery',
      narrative: 'seen leaving the bank on Vinewood Blvd',
    };
    bolos.push((await bridge('/bolo', body, 'issued')).boloId as string);
  }

  const linkCodes: string[] = [];
  if (size.linkCodes > 0) {
    const { characterId } = await org.character('Lenny', 'Linkable');
    linkCodes.push(
      ...(await inBatches(
        size.linkCodes,
        10,
        async () => expect(await admin(`/characters/${characterId}/link-codes`), 201).code as string,
      )),
    );
  }

  // Heartbeats of the officers on calls, from 300+ map units away from their pin: the common case.
  const heartbeatBodies: string[] = [];
  for (let v = 0; v < 5; v++) {
    for (let i = 0; i < onCall; i++) {
      const pin = pins[i % pins.length]!;
      heartbeatBodies.push(JSON.stringify({ identifiers: officers[i], mapX: pin.mapX + 300 + 40 * v, mapY: pin.mapY - 300 }));
    }
  }

  return {
    url,
    http,
    token,
    organisationId,
    departmentId,
    slug,
    officers,
    /** Officers on calls: officer i is on `callOf(i)`. */
    onCall: officers.slice(0, onCall),
    callOf,
    spares,
    spareCalls,
    dutyOfficers,
    caller,
    people,
    bolos,
    linkCodes,
    heartbeatBodies,
    /** The keys the one-statement baseline has rows for. */
    licenses: [...officers, ...spares, ...dutyOfficers].map((o) => o.license),
    summary: `${size.officers + size.spareOfficers + size.dutyOfficers} officers (${onCall} on ${calls.length} calls), ${size.people} civilians with vehicles, ${Math.ceil(size.people / 2)} warrants, ${size.bolos} BOLOs`,
  };
}

export type BridgeWorld = Awaited<ReturnType<typeof prepareBridgeWorld>>;
