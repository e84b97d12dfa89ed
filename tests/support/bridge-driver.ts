import type { ExecutionContext } from 'ava';
import type { HttpClient, HttpReply } from './http-client.ts';
import { type Credential, expect, operatorOf, organisationOf, tokenFor } from './operator-driver.ts';
import type { TestService } from './test-service.ts';

/** Where every bridge route lives (section 4.1). */
export const BRIDGE = '/api/v1/integrations/game';
/** The three scopes a game credential may hold (section 5.6). */
export const BRIDGE_SCOPES = ['game.citation.issue', 'game.arrest.log', 'game.bolo.trigger'] as const;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `C-26-000001`: prefix, two-digit year, six-digit sequence. */
export const recordNumber = (prefix: string) => new RegExp(`^${prefix}-\\d{2}-\\d{6}$`);

export type Identifiers = Record<string, string>;

export interface AuditEntry {
  id: string;
  organisationId: string | null;
  at: string;
  actor: { kind: string; id: string; label: string };
  playerCharacterId: string | null;
  action: string;
  subject: { type: string; id: string } | null;
  details: Record<string, any>;
}

/** A game credential of one department, with a fresh access token. */
export interface Desk {
  readonly departmentId: string;
  readonly slug: string;
  readonly credential: Credential;
  readonly token: string;
  /** POSTs to a bridge path (relative to `/api/v1/integrations/game`) with this desk's token. */
  post<Body = any>(path: string, body: unknown): Promise<HttpReply<Body>>;
}

/** A player as the bridge sees one: identifiers, and what the admin surface knows of them. */
export interface Player {
  readonly identifiers: Identifiers;
  readonly characterId: string;
  readonly characterPublicId: string;
  readonly displayName: string;
  /** The unit through the player's membership, when they have one. */
  readonly unitId: string | null;
}

let serial = 0;
/** Unique in this process: slugs, plates, identifiers, labels. */
export const unique = (prefix = '') => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`;

/** Identifiers that nobody has used yet. */
export const freshIdentifiers = (): Identifiers => ({ license: `license:${unique()}` });

/**
 * One organisation with a department, a game credential holding all three bridge scopes, and the
 * helpers to put players on it through the real routes:
 * `const world = await bridgeWorld(app); const officer = await world.officer(); await world.desk.post('/waypoint', ...)`.
 */
export async function bridgeWorld(
  app: TestService,
  options: {
    settings?: Record<string, unknown>;
    slug?: string;
    scopes?: readonly string[];
    label?: string;
    /** An organisation that exists already (the admin page's, say), given a new department and desk; its settings stay. */
    organisationId?: string;
  } = {},
) {
  const { http } = app;
  const operator = operatorOf(http, app.bootstrapKey);
  const org =
    options.organisationId === undefined
      ? await operator.organisation(options.settings ?? {})
      : organisationOf(http, app.bootstrapKey, options.organisationId);
  const organisationId = org.organisationId;
  const admin = (method: string, path: string, body?: unknown) =>
    http.send(method, `/api/v1/admin${path}`, body, { token: app.bootstrapKey });

  async function deskFor(departmentId: string, slug: string, scopes: readonly string[] = BRIDGE_SCOPES, label = unique('server-')) {
    const credential = expect(
      await admin('POST', `/organisations/${organisationId}/credentials`, { kind: 'game', label, departmentId, scopes: [...scopes] }),
      201,
    ) as Credential;
    return makeDesk(http, departmentId, slug, credential, await tokenFor(http, credential));
  }

  async function department(slug = unique('dept-')) {
    const { departmentId } = expect(
      await admin('POST', `/organisations/${organisationId}/departments`, { slug, name: slug.toUpperCase() }),
      201,
    );
    return departmentId as string;
  }

  const slug = options.slug ?? unique('lspd-');
  const departmentId = await department(slug);
  const desk = await deskFor(departmentId, slug, options.scopes ?? BRIDGE_SCOPES, options.label);
  let apiToken: string | undefined;

  const world = {
    app,
    http,
    organisationId,
    departmentId,
    slug,
    desk,
    admin,
    /** Another department of the organisation, with its own game credential. */
    async otherDesk(scopes: readonly string[] = BRIDGE_SCOPES) {
      const otherSlug = unique('bcso-');
      return deskFor(await department(otherSlug), otherSlug, scopes);
    },
    /** A second game credential of a department (the main one by default). */
    async secondCredential(on: Desk = desk, scopes: readonly string[] = BRIDGE_SCOPES) {
      return deskFor(on.departmentId, on.slug, scopes);
    },
    async department(slugOf = unique('dept-')) {
      return department(slugOf);
    },
    async character(firstName = 'Jane', lastName = unique('Doe')) {
      return expect(await admin('POST', `/organisations/${organisationId}/characters`, { firstName, lastName }), 201) as {
        characterId: string;
        characterPublicId: string;
        displayName: string;
      };
    },
    async linkCode(characterId: string) {
      return expect(await admin('POST', `/characters/${characterId}/link-codes`), 201) as { code: string; expiresAt: string };
    },
    /** Puts the character on the department roster; returns its unit. */
    async member(characterId: string, onDepartment = departmentId, callsign: string | null = unique('1-A-')) {
      return expect(await admin('POST', `/departments/${onDepartment}/members`, { characterId, callsign }), 201) as {
        membershipId: string;
        unitId: string;
        unitLabel: string | null;
      };
    },
    /** Links fresh identifiers to the character through `/identity/link` with an admin-issued code. */
    async link(characterId: string, identifiers: Identifiers = freshIdentifiers(), through: Desk = desk) {
      const { code } = await this.linkCode(characterId);
      const reply = await through.post('/identity/link', { identifiers, code });
      if (reply.body?.linked !== true) throw new Error(`link failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return identifiers;
    },
    /** A linked player with no membership anywhere. */
    async linkedPlayer(): Promise<Player> {
      const character = await this.character('Lenny', unique('Civ'));
      const identifiers = await this.link(character.characterId);
      return { identifiers, ...character, unitId: null };
    },
    /** A linked member of the desk's department who has not gone on duty (units start OFF_DUTY). */
    async offDutyOfficer(on: Desk = desk, callsign: string | null = unique('1-A-')): Promise<Player> {
      const character = await this.character('Off', unique('Duty'));
      const { unitId } = await this.member(character.characterId, on.departmentId, callsign);
      const identifiers = await this.link(character.characterId, freshIdentifiers(), on);
      return { identifiers, ...character, unitId };
    },
    /** A linked member of the desk's department, put on duty through `/duty`. */
    async officer(on: Desk = desk): Promise<Player> {
      const player = await this.offDutyOfficer(on);
      await this.goOnDuty(player, on);
      return player;
    },
    async goOnDuty(player: { identifiers: Identifiers }, on: Desk = desk, onDuty = true) {
      const reply = await on.post('/duty', { identifiers: player.identifiers, departmentSlug: on.slug, onDuty });
      if (reply.body?.synced !== true) throw new Error(`duty failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body as { synced: true; unitId: string; status: string };
    },
    async setSettings(settings: Record<string, unknown>) {
      return expect(await admin('PATCH', `/organisations/${organisationId}`, settings), 200);
    },
    async deactivateUnit(unitId: string) {
      return expect(await admin('PATCH', `/units/${unitId}`, { isActive: false }), 200);
    },
    async deactivateDepartment(id: string) {
      return expect(await admin('PATCH', `/departments/${id}`, { isActive: false }), 200);
    },
    async civilian(firstName: string, lastName: string, dateOfBirth: string, licenseStatus?: string) {
      const body = { firstName, lastName, dateOfBirth, ...(licenseStatus === undefined ? {} : { licenseStatus }) };
      return expect(await admin('POST', `/organisations/${organisationId}/civilians`, body), 201) as {
        civilianId: string;
        firstName: string;
        lastName: string;
        dateOfBirth: string;
        licenseStatus: string;
      };
    },
    async vehicle(body: Record<string, unknown>) {
      return expect(await admin('POST', `/organisations/${organisationId}/vehicles`, body), 201) as Record<string, any>;
    },
    async warrant(civilianId: string, status = 'ACTIVE') {
      return expect(await admin('POST', `/organisations/${organisationId}/warrants`, { civilianId, status }), 201);
    },
    /** A dispatcher opens a call in a department (with a place, or none). */
    async openCall(onDepartment = departmentId, place: { mapX: number; mapY: number } | null = { mapX: 1000, mapY: 2000 }) {
      const body = { description: 'dispatcher call', ...(place ?? {}) };
      return expect(await admin('POST', `/departments/${onDepartment}/calls`, body), 201) as Record<string, any>;
    },
    async readCall(callId: string) {
      return expect(await admin('GET', `/calls/${callId}`), 200) as Record<string, any>;
    },
    async closeCall(callId: string) {
      return expect(await admin('POST', `/calls/${callId}/close`), 200);
    },
    /** A unit as an API credential (`cad.unit.view`) sees it. */
    async unit(unitId: string) {
      apiToken ??= await this.apiToken();
      const units = expect(await http.get('/api/v1/units', { token: apiToken }), 200) as Array<Record<string, any>>;
      const unit = units.find((u) => u.unitId === unitId);
      if (unit === undefined) throw new Error(`unit ${unitId} not listed`);
      return unit;
    },
    async units() {
      apiToken ??= await this.apiToken();
      return expect(await http.get('/api/v1/units', { token: apiToken }), 200) as Array<Record<string, any>>;
    },
    async apiToken(scopes: string[] | 'all' = 'all') {
      return tokenFor(http, await org.apiCredential(scopes, unique('api-')));
    },
    async audit(): Promise<AuditEntry[]> {
      return expect(await admin('GET', `/organisations/${organisationId}/audit?limit=500`), 200) as AuditEntry[];
    },
    /** Runs `action` and returns it with the audit entries it added, oldest first. */
    async audited<T>(action: () => Promise<T>): Promise<{ result: T; entries: AuditEntry[] }> {
      const before = new Set((await this.audit()).map((e) => e.id));
      const result = await action();
      const entries = (await this.audit()).filter((e) => !before.has(e.id)).reverse();
      return { result, entries };
    },
    async presence() {
      return expect(await admin('GET', `/organisations/${organisationId}/presence`), 200) as {
        connected: number;
        max: number | null;
        overages: Array<{ at: string; connected: number; max: number }>;
      };
    },
  };
  return world;
}

export type BridgeWorld = Awaited<ReturnType<typeof bridgeWorld>>;

/**
 * An organisation whose map is `game_tiles`, with one officer on duty whose unit a dispatcher has
 * sent to a call pinned at 0, 0: what the realtime tests move and watch.
 */
export async function officerOnACall(app: TestService) {
  const world = await bridgeWorld(app, { settings: { mapType: 'game_tiles' } });
  const character = await world.character('Officer', unique('Unit'));
  const callsign = unique('1-A-');
  const { unitId } = await world.member(character.characterId, world.departmentId, callsign);
  await world.goOnDuty({ identifiers: await world.link(character.characterId, freshIdentifiers()) });
  const call = expect(await world.admin('POST', `/departments/${world.departmentId}/calls`, { description: 'x', mapX: 0, mapY: 0 }), 201);
  expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId }), 201);
  return { world, unitId, callsign, call: call as { callId: string } };
}

function makeDesk(http: HttpClient, departmentId: string, slug: string, credential: Credential, token: string): Desk {
  return {
    departmentId,
    slug,
    credential,
    token,
    post: (path, body) => http.post(`${BRIDGE}${path}`, body, { token }),
  };
}

/**
 * Asserts that an action left exactly one audit entry, of `action`, attributed to the desk's
 * credential (kind, id, label) and naming the player it acted for; returns the entry.
 */
export function auditedOnce(
  t: ExecutionContext,
  entries: AuditEntry[],
  expected: { action: string; desk: Desk; organisationId: string; playerCharacterId: string | null },
): AuditEntry | undefined {
  t.deepEqual(
    entries.map((e) => e.action),
    [expected.action],
    'exactly one new audit entry',
  );
  const entry = entries[0];
  if (entry === undefined) return undefined;
  t.deepEqual(entry.actor, { kind: 'credential', id: expected.desk.credential.clientId, label: expected.desk.credential.label });
  t.is(entry.organisationId, expected.organisationId);
  t.is(entry.playerCharacterId, expected.playerCharacterId);
  return entry;
}

/** What a bridge body may refer to. */
export interface BodyFacts {
  readonly identifiers: Identifiers;
  /** The department slug sent to `/duty` and `/mdt-handoff`. */
  readonly slug: string;
  /** A call for the `/911` follow-ups. */
  readonly callId: string;
}

const worldPerson = { firstName: 'Trevor', lastName: 'Philips', dateOfBirth: '1967-06-06' };

/**
 * A body each bridge route accepts (its schema and its domain rules), by operation id; undefined
 * for routes without a body. Fresh values (plates, codes) each call.
 */
export function bridgeBody(operationId: string, facts: BodyFacts): Record<string, unknown> | undefined {
  const { identifiers } = facts;
  switch (operationId) {
    case 'bridgeLinkIdentity':
      return { identifiers, code: 'ZZZZZ-ZZZZZ' };
    case 'bridgeStartPendingLink':
      return { identifiers };
    case 'bridgeConfirmMdtHandoff':
      return { identifiers, code: 'ZZZZZZ' };
    case 'bridgeSyncDuty':
    case 'bridgeMdtHandoff':
      return { identifiers, departmentSlug: facts.slug, onDuty: true };
    case 'bridgeLookupVehicle':
      return { identifiers, plate: 'WORLD1' };
    case 'bridgeLookupPerson':
      return { identifiers, firstName: worldPerson.firstName, lastName: worldPerson.lastName };
    case 'bridgeWarrantCheck':
      return { identifiers, ...worldPerson };
    case 'bridgeIssueBolo':
      return {
        identifiers,
        subject: { plate: unique('B').slice(0, 16).toUpperCase() },
        severity: 'HIGH',
        scope: 'DEPARTMENT',
        subjectDescription: 'black sedan',
        reason: 'armed robbery',
        narrative: 'seen leaving the bank',
      };
    case 'bridgeBoloCheck':
      return { identifiers, plate: 'WORLD1' };
    case 'bridgeResolveBolo':
    case 'bridgeWaypoint':
      return { identifiers };
    case 'bridgeIssueCitation':
      return {
        identifiers,
        civilian: worldPerson,
        plate: '',
        locationText: 'Vinewood Blvd',
        statuteCode: 'VC-22350',
        statuteDescription: 'Unsafe speed',
        fineAmount: 250,
      };
    case 'bridgeLogArrest':
      return {
        identifiers,
        civilian: worldPerson,
        locationText: 'Grove Street',
        narrative: 'fled on foot',
        charges: [{ statuteCode: 'PC-148', statuteDescription: 'Resisting' }],
      };
    case 'bridgeSyncCivilian':
    case 'bridgeClaimCivilian':
      return { identifiers, civilian: worldPerson };
    case 'bridgeSyncVehicle':
      return { identifiers, vehicle: { plate: unique('V').slice(0, 16).toUpperCase(), make: 'Vapid' } };
    case 'bridgePanic':
    case 'bridgeLocation':
      return { identifiers, mapX: 100, mapY: 200 };
    case 'bridgeReport911':
      return { identifiers, mapX: 100, mapY: 200, description: 'shots fired' };
    case 'bridgeSelfAssign':
    case 'bridgeUnassign':
      return { identifiers, callId: facts.callId };
    case 'bridgeNarrative':
      return { identifiers, callId: facts.callId, text: 'suspect fled north' };
    case 'bridgePresence':
      return { identifiers: [identifiers] };
    case 'exchangeMdtHandoff':
      return { token: 'cad_mdt_not-a-real-token' };
    case 'collectMdtSession':
      return { pairingToken: 'cad_mdp_not-a-real-token' };
    default:
      return undefined;
  }
}
