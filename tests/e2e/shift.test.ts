/**
 * A whole shift, as a game-server resource runs it against the composed service on the embedded
 * database (PGlite in a directory): an operator sets the organisation up, then the resource links
 * two players, puts one on duty, and plays a 911 call from report to release.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { expect, operatorOf } from '../support/operator-driver.ts';
import { startTestService } from '../support/test-service.ts';

const BRIDGE = '/api/v1/integrations/game';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const yy = () => String(new Date().getUTCFullYear() % 100).padStart(2, '0');

test('a shift on the embedded database: link, duty, a 911 call taken, reached, noted and left, off duty', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'cad-shift-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const service = await startTestService({ storage: { kind: 'embedded', dataDir } });
  t.teardown(() => service.close());
  const { http } = service;

  // The operator: organisation (arrival radius 50 by default), department, an officer on its
  // roster, a civilian player, a game credential, and a link code for each player.
  const operator = operatorOf(http, service.bootstrapKey);
  const org = await operator.organisation();
  const departmentId = await org.department('lspd');
  const officerCharacter = await org.character('Ada', 'Wong');
  const member = expect(
    await operator.post(`/departments/${departmentId}/members`, { characterId: officerCharacter.characterId, callsign: '1-ADAM-12' }),
    201,
  );
  const civilianCharacter = await org.character('Franklin', 'Clinton');
  const credential = await org.gameCredential(departmentId);
  const linkCode = async (characterId: string) => expect(await operator.post(`/characters/${characterId}/link-codes`), 201).code as string;
  const officerCode = await linkCode(officerCharacter.characterId);
  const civilianCode = await linkCode(civilianCharacter.characterId);

  // The resource exchanges its credential for a token.
  const exchanged = expect(
    await http.post(`${BRIDGE}/token`, { clientId: credential.clientId, clientSecret: credential.clientSecret }),
    200,
  );
  t.like(exchanged, { tokenType: 'Bearer', expiresIn: 720 });
  const call = async (path: string, body: Record<string, unknown>) =>
    expect(await http.post(`${BRIDGE}${path}`, body, { token: exchanged.accessToken }), 200);
  const officer = { license: 'license:5f1c0ffee', game: 'game:77' };
  const civilian = { license: 'license:babe0042' };
  const unitOnCall = async (callId: string) => expect(await operator.get(`/calls/${callId}`), 200);

  // Both players link their accounts; the officer's lower-case code works too.
  t.deepEqual(await call('/identity/link', { identifiers: officer, code: officerCode.toLowerCase() }), {
    linked: true,
    characterPublicId: officerCharacter.characterPublicId,
    displayName: 'Ada Wong',
  });
  t.deepEqual(await call('/identity/link', { identifiers: civilian, code: civilianCode }), {
    linked: true,
    characterPublicId: civilianCharacter.characterPublicId,
    displayName: 'Franklin Clinton',
  });
  t.deepEqual(await call('/identity/link', { identifiers: civilian, code: civilianCode }), {
    linked: false,
    reason: 'invalid_or_expired_code',
  });

  // Linked but still off duty: the full gate refuses.
  t.deepEqual(await call('/waypoint', { identifiers: officer }), {
    hasWaypoint: false,
    reason: 'not_on_duty',
    assignedCallId: null,
    assignedCallNumber: null,
  });
  t.deepEqual(
    await call('/duty', { identifiers: officer, departmentSlug: 'lspd', onDuty: true, jobLabel: 'police', gradeLabel: 'Officer II' }),
    {
      synced: true,
      unitId: member.unitId,
      status: 'AVAILABLE',
    },
  );

  // The civilian, off duty and in no department, reports an emergency.
  const reported = await call('/911', {
    identifiers: civilian,
    mapX: 1000,
    mapY: 2000,
    description: 'Robbery at the 24/7 on Innocence Blvd',
  });
  t.true(reported.reported);
  t.regex(reported.callId, UUID);
  t.is(reported.callNumber, `C-${yy()}-000001`);
  const { callId, callNumber } = reported;
  t.like(await unitOnCall(callId), { status: 'PENDING', origin: 'emergency_911', mapX: 1000, mapY: 2000, units: [] });

  // The officer takes it.
  t.deepEqual(await call('/911/self-assign', { identifiers: officer, callId }), {
    assigned: true,
    unitId: member.unitId,
    callStatus: 'ACTIVE',
    unitStatus: 'EN_ROUTE',
  });
  t.deepEqual(await call('/911/self-assign', { identifiers: officer, callId }), { assigned: false, reason: 'already_assigned' });

  // Heartbeats while driving there: outside the radius the unit stays EN_ROUTE.
  for (const [mapX, mapY] of [
    [1600, 2400],
    [1200, 2100],
    [1050, 2020], // 53.9 away: still outside 50
  ]) {
    t.deepEqual(await call('/location', { identifiers: officer, mapX, mapY }), { reported: true });
    t.like(await unitOnCall(callId), { status: 'ACTIVE', units: [{ unitId: member.unitId, status: 'EN_ROUTE' }] });
  }
  // Within 50 of the pin: ON_SCENE; a further heartbeat in range changes nothing.
  t.deepEqual(await call('/location', { identifiers: officer, mapX: 1030, mapY: 2040 }), { reported: true });
  t.like(await unitOnCall(callId), { units: [{ unitId: member.unitId, status: 'ON_SCENE' }] });
  t.deepEqual(await call('/location', { identifiers: officer, mapX: 1001, mapY: 1999 }), { reported: true });

  t.deepEqual(await call('/waypoint', { identifiers: officer }), { hasWaypoint: true, callId, callNumber, mapX: 1000, mapY: 2000 });

  const noted = await call('/911/narrative', { identifiers: officer, callId, text: 'Suspect fled north on foot, clerk unharmed.' });
  t.true(noted.updated);
  t.regex(noted.eventId, UUID);
  t.like((await unitOnCall(callId)).notes, [
    {
      eventId: noted.eventId,
      text: 'Suspect fled north on foot, clerk unharmed.',
      author: { kind: 'unit', id: member.unitId, label: '1-ADAM-12' },
    },
  ]);

  t.deepEqual(await call('/911/unassign', { identifiers: officer, callId }), {
    unassigned: true,
    unitId: member.unitId,
    unitStatus: 'AVAILABLE',
  });
  t.like(await unitOnCall(callId), { status: 'ACTIVE', units: [] });
  t.deepEqual(await call('/911/unassign', { identifiers: officer, callId }), { unassigned: false, reason: 'not_assigned' });
  t.deepEqual(await call('/waypoint', { identifiers: officer }), {
    hasWaypoint: false,
    reason: 'no_assignment',
    assignedCallId: null,
    assignedCallNumber: null,
  });

  t.deepEqual(await call('/duty', { identifiers: officer, departmentSlug: 'lspd', onDuty: false }), {
    synced: true,
    unitId: member.unitId,
    status: 'OFF_DUTY',
  });
  t.deepEqual(await call('/location', { identifiers: officer, mapX: 0, mapY: 0 }), { reported: false, reason: 'not_on_duty' });
  t.deepEqual(await call('/911/narrative', { identifiers: officer, callId, text: 'late note' }), { updated: false, reason: 'not_on_duty' });

  // The audit trail, oldest first: the operator's set-up, then every bridge write, and nothing
  // for reads, refusals or heartbeats that changed nothing.
  const trail = (await org.audit()).reverse() as unknown as Array<{
    action: string;
    actor: { kind: string; label: string };
    playerCharacterId: string | null;
    subject: { type: string; id: string } | null;
    details: Record<string, unknown>;
  }>;
  t.deepEqual(
    trail.map((e) => `${e.actor.kind} ${e.action}`),
    [
      'operator organisation.created',
      'operator department.created',
      'operator character.created',
      'operator membership.created',
      'operator character.created',
      'operator credential.created',
      'operator link_code.issued',
      'operator link_code.issued',
      'credential identity.linked',
      'credential identity.linked',
      'credential unit.duty_synced',
      'credential call.reported',
      'credential call.self_assigned',
      'credential unit.arrived',
      'credential call.note_added',
      'credential call.self_unassigned',
      'credential unit.duty_synced',
    ],
  );
  const bridgeTrail = trail.filter((e) => e.actor.kind === 'credential');
  t.true(bridgeTrail.every((e) => e.actor.label === credential.label));
  const officerId = officerCharacter.characterId;
  t.deepEqual(
    bridgeTrail.map((e) => e.playerCharacterId),
    [
      officerId,
      civilianCharacter.characterId,
      officerId,
      civilianCharacter.characterId,
      officerId,
      officerId,
      officerId,
      officerId,
      officerId,
    ],
  );
  t.like(bridgeTrail[2], {
    subject: { type: 'unit', id: member.unitId },
    details: { from: 'OFF_DUTY', to: 'AVAILABLE', jobLabel: 'police' },
  });
  t.like(bridgeTrail[4], {
    subject: { type: 'call', id: callId },
    details: { callStatusFrom: 'PENDING', pin: { mapX: 1000, mapY: 2000 } },
  });
  t.like(bridgeTrail[5], { subject: { type: 'unit', id: member.unitId }, details: { callId, mapX: 1030, mapY: 2040 } });
  t.like(bridgeTrail[8], { details: { from: 'AVAILABLE', to: 'OFF_DUTY' } });
});
