import type { TestFn } from 'ava';
import type { Persistence } from '../../application/ports/persistence.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { BRIDGE } from '../support/bridge-driver.ts';
import { expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { invite, signUp } from '../support/people-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

type Store = Persistence & { snapshot(): Promise<Record<string, unknown[]>> };
export type PlayersContext = { app: TestService; store: Store; clock: ManualClock };

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;
const CODE = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

/**
 * Players on `/account/` (issue 32), on the store given: their own characters within the
 * organisation's rules, their vehicles in the records the bridge reads, link codes and links the
 * game started; and nobody reaching another person's, or another organisation's, records.
 */
export function playersSuite(test: TestFn<PlayersContext>, open: () => Promise<Persistence>, concurrent = false): void {
  test.before(async (t) => {
    const store = (await open()) as Store;
    const clock = new ManualClock();
    const app = await startTestService({ storage: { kind: 'provided', persistence: store }, rateLimitScale: 1000, clock });
    t.context = { app, store, clock };
  });
  test.after.always((t) => t.context.app?.close());

  /** An organisation with a department, its game credential and one player signed up by invitation. */
  async function community(t: { context: PlayersContext }, settings: Record<string, unknown> = {}) {
    const { app } = t.context;
    const root = operatorOf(app.http, app.bootstrapKey);
    const org = await root.organisation(settings);
    const slug = `lspd-${unique()}`;
    const departmentId = await org.department(slug);
    const gameToken = await tokenFor(app.http, await org.gameCredential(departmentId));
    const game = (path: string, body: unknown) => app.http.post(`${BRIDGE}${path}`, body, { token: gameToken });
    const player = async (role = 'civilian') =>
      signUp(
        app.http,
        app.service.url,
        await invite({ key: app.bootstrapKey }, app.http, org.organisationId, role),
        'Pat Player',
        `pat.${unique()}`,
      );
    const base = `/api/v1/account/organisations/${org.organisationId}`;
    return { root, org, slug, departmentId, game, player, base };
  }

  test('a player creates a character, generates a link code, the game links it, the roster makes it a member and /duty puts it on duty', async (t) => {
    const { org, slug, departmentId, game, player, base, root } = await community(t);
    const { browser } = await player();
    const made = expect(
      await browser.post(`${base}/characters`, { firstName: 'Franklin', lastName: 'Clinton', dateOfBirth: '1988-02-03' }),
      201,
    );
    t.like(made, { displayName: 'Franklin Clinton', status: 'active', links: [], memberships: [] });
    t.truthy(made.recordId);

    const { code, expiresAt } = expect(await browser.post(`/api/v1/account/characters/${made.characterId}/link-codes`), 201);
    t.regex(code, CODE);
    t.true(Math.abs(Date.parse(expiresAt) - t.context.clock.now().getTime() - 600_000) < 2000);
    const identifiers = { license: `license:${unique()}` };
    t.like(expect(await game('/identity/link', { identifiers, code }), 200), { linked: true, characterPublicId: made.characterPublicId });
    t.like(expect(await game('/identity/link', { identifiers, code }), 200), { linked: false, reason: 'invalid_or_expired_code' });

    expect(await root.post(`/departments/${departmentId}/members`, { characterId: made.characterId, callsign: `2-L-${unique()}` }), 201);
    t.like(expect(await game('/duty', { identifiers, departmentSlug: slug, onDuty: true }), 200), { synced: true, status: 'AVAILABLE' });

    const listed = expect(await browser.get(`${base}/characters`), 200);
    t.like(listed, { organisationId: org.organisationId, rules: { charactersPerPerson: 3, characterApproval: false } });
    t.deepEqual(listed.characters[0].links, [{ kind: 'license', value: identifiers.license }]);
    t.is(listed.characters[0].memberships[0].departmentId, departmentId);
    t.truthy(listed.characters[0].memberships[0].callsign);

    // Unlink: the game's next call finds the player unlinked (auto-provision makes a new player, not this one).
    expect(
      await browser.post(`/api/v1/account/characters/${made.characterId}/unlink`, { kind: 'license', value: identifiers.license }),
      200,
    );
    t.deepEqual(expect(await browser.get(`${base}/characters`), 200).characters[0].links, []);
    t.is(
      expect(
        await browser.post(`/api/v1/account/characters/${made.characterId}/unlink`, { kind: 'license', value: identifiers.license }),
        404,
      ).error,
      'NOT_FOUND',
    );
  });

  test('a link started from the game: the player confirms it for their character, once; the next /duty succeeds', async (t) => {
    const { slug, departmentId, game, player, base, root } = await community(t);
    const { browser } = await player();
    const made = expect(await browser.post(`${base}/characters`, { firstName: 'Lamar', lastName: 'Davis' }), 201);
    expect(await root.post(`/departments/${departmentId}/members`, { characterId: made.characterId, callsign: `3-L-${unique()}` }), 201);
    const identifiers = { license: `license:${unique()}`, chat: `discord:${unique()}` };
    const started = expect(await game('/identity/link/pending', { identifiers }), 200);
    t.regex(started.code, CODE);
    t.is(started.linkPath, `/account/link#code=${started.code}`);
    const again = expect(await game('/identity/link/pending', { identifiers }), 200);
    t.not(again.code, started.code, 'a second /cadlink gets a fresh code');

    const guessed = await browser.post('/api/v1/account/link', { code: 'ABCDE-FGHJK', characterId: made.characterId });
    t.deepEqual(expect(guessed, 200), { linked: false, reason: 'invalid_or_expired_code' });
    const typed = started.code.toLowerCase().replace('-', ' ');
    t.like(expect(await browser.post('/api/v1/account/link', { code: typed, characterId: made.characterId }), 200), {
      linked: true,
      characterPublicId: made.characterPublicId,
      displayName: 'Lamar Davis',
    });
    const reused = await browser.post('/api/v1/account/link', { code: started.code, characterId: made.characterId });
    t.deepEqual(expect(reused, 200), { linked: false, reason: 'invalid_or_expired_code' });
    t.like(expect(await game('/duty', { identifiers, departmentSlug: slug, onDuty: true }), 200), { synced: true });
    const links = expect(await browser.get(`${base}/characters`), 200).characters[0].links;
    t.is(links.length, 2);
  });

  // Serial (AVA runs these first): it moves the shared clock, which must not expire other tests' codes.
  test.serial('a pending link or a link code expires after ten minutes', async (t) => {
    const { game, player, base } = await community(t);
    const { browser } = await player();
    const made = expect(await browser.post(`${base}/characters`, { firstName: 'Tracey', lastName: 'Santa' }), 201);
    const identifiers = { license: `license:${unique()}` };
    const started = expect(await game('/identity/link/pending', { identifiers }), 200);
    const { code } = expect(await browser.post(`/api/v1/account/characters/${made.characterId}/link-codes`), 201);
    t.context.clock.advance(600_000);
    const late = await browser.post('/api/v1/account/link', { code: started.code, characterId: made.characterId });
    t.deepEqual(expect(late, 200), { linked: false, reason: 'invalid_or_expired_code' });
    t.like(expect(await game('/identity/link', { identifiers, code }), 200), { linked: false, reason: 'invalid_or_expired_code' });
  });

  test('codes and pending links are bound to their organisation: another organisation refuses them', async (t) => {
    const home = await community(t);
    const away = await community(t);
    const { browser } = await home.player();
    const mine = expect(await browser.post(`${home.base}/characters`, { firstName: 'Amanda', lastName: 'De Santa' }), 201);
    const { code } = expect(await browser.post(`/api/v1/account/characters/${mine.characterId}/link-codes`), 201);
    const identifiers = { license: `license:${unique()}` };
    t.like(expect(await away.game('/identity/link', { identifiers, code }), 200), { linked: false, reason: 'invalid_or_expired_code' });
    // A pending link of the other organisation is not found from a character of this one.
    const started = expect(await away.game('/identity/link/pending', { identifiers }), 200);
    const crossed = await browser.post('/api/v1/account/link', { code: started.code, characterId: mine.characterId });
    t.deepEqual(expect(crossed, 200), { linked: false, reason: 'invalid_or_expired_code' });
    // Nor are the lists of an organisation one does not belong to.
    t.is(expect(await browser.get(`${away.base}/characters`), 404).error, 'NOT_FOUND');
    t.is(expect(await browser.post(`${away.base}/characters`, { firstName: 'A', lastName: 'B' }), 404).error, 'NOT_FOUND');
    t.is(expect(await browser.get(`${away.base}/vehicles`), 404).error, 'NOT_FOUND');
  });

  test('the organisation’s rules: a limit per person, approval before a link, and retiring frees a place', async (t) => {
    const { org, game, player, base, root } = await community(t, { charactersPerPerson: 1, characterApproval: true });
    const { browser } = await player();
    const first = expect(await browser.post(`${base}/characters`, { firstName: 'Wade', lastName: 'Hebert' }), 201);
    t.is(first.status, 'pending');
    t.is(expect(await browser.post(`${base}/characters`, { firstName: 'Second', lastName: 'One' }), 409).error, 'CONFLICT');
    t.is(expect(await browser.post(`/api/v1/account/characters/${first.characterId}/link-codes`), 409).error, 'CONFLICT');
    const started = expect(await game('/identity/link/pending', { identifiers: { license: `license:${unique()}` } }), 200);
    t.is(expect(await browser.post('/api/v1/account/link', { code: started.code, characterId: first.characterId }), 409).error, 'CONFLICT');

    expect(await browser.post(`/api/v1/account/characters/${first.characterId}/retire`), 200);
    const listed = expect(await browser.get(`${base}/characters`), 200).characters;
    t.is(listed[0].status, 'retired');
    expect(await browser.post(`${base}/characters`, { firstName: 'Second', lastName: 'One' }), 201);
    t.is(
      expect(await browser.patch(`/api/v1/account/characters/${first.characterId}`, { firstName: 'X', lastName: 'Y' }), 409).error,
      'CONFLICT',
    );
    const changed = expect(await root.patch(`/organisations/${org.organisationId}`, { charactersPerPerson: 2 }), 200);
    t.is(changed.charactersPerPerson, 2);
  });

  test('vehicles: registered to one’s own character, found by /lookup/vehicle at once, reported stolen, transferred', async (t) => {
    const { slug, departmentId, game, player, base, root, org } = await community(t);
    const { browser } = await player();
    const owner = expect(await browser.post(`${base}/characters`, { firstName: 'Trevor', lastName: 'Philips' }), 201);
    const heir = expect(await browser.post(`${base}/characters`, { firstName: 'Ron', lastName: 'Jakowski' }), 201);
    const plate = `TP${unique()}`.slice(0, 8).toUpperCase();
    const vehicle = expect(
      await browser.post(`${base}/vehicles`, { plate, make: 'Canis', model: 'Bodhi', color: 'Red', ownerCharacterId: owner.characterId }),
      201,
    );
    t.like(vehicle, {
      plate,
      make: 'Canis',
      registrationStatus: 'VALID',
      ownerCharacterId: owner.characterId,
      ownerDisplayName: 'Trevor Philips',
    });
    t.is(expect(await browser.post(`${base}/vehicles`, { plate, ownerCharacterId: owner.characterId }), 409).error, 'CONFLICT');

    // An officer on duty looks the plate up through the bridge.
    const officer = { license: `license:${unique()}` };
    expect(await root.post(`/organisations/${org.organisationId}/characters`, { firstName: 'Off', lastName: 'Icer' }), 201);
    expect(await game('/duty', { identifiers: officer, departmentSlug: slug, onDuty: true }), 200);
    const found = expect(await game('/lookup/vehicle', { identifiers: officer, plate: plate.toLowerCase() }), 200);
    t.like(found, { found: true, vehicle: { plate, make: 'Canis', ownerCivilianId: owner.recordId, ownerDisplayName: 'Trevor Philips' } });

    t.like(expect(await browser.post(`/api/v1/account/vehicles/${vehicle.vehicleId}/stolen`, { stolen: true }), 200), {
      registrationStatus: 'STOLEN',
    });
    t.like(expect(await game('/lookup/vehicle', { identifiers: officer, plate }), 200), { vehicle: { registrationStatus: 'STOLEN' } });
    const moved = expect(
      await browser.post(`/api/v1/account/vehicles/${vehicle.vehicleId}/transfer`, { characterId: heir.characterId }),
      200,
    );
    t.like(moved, { ownerCharacterId: heir.characterId, ownerDisplayName: 'Ron Jakowski' });
    const mine = expect(await browser.get(`${base}/vehicles`), 200).vehicles;
    t.deepEqual(
      mine.map((v: { plate: string }) => v.plate),
      [plate],
    );
    void departmentId;
  });

  test('a person sees and changes only their own characters and vehicles: another’s are 404 and nothing is written', async (t) => {
    const { player, base } = await community(t);
    const alice = await player();
    const bob = await player();
    const hers = expect(await alice.browser.post(`${base}/characters`, { firstName: 'Alice', lastName: 'Own' }), 201);
    const plate = `AO${unique()}`.slice(0, 8).toUpperCase();
    const car = expect(await alice.browser.post(`${base}/vehicles`, { plate, ownerCharacterId: hers.characterId }), 201);
    const his = expect(await bob.browser.post(`${base}/characters`, { firstName: 'Bob', lastName: 'Own' }), 201);

    t.deepEqual(
      expect(await bob.browser.get(`${base}/characters`), 200).characters.map((c: { characterId: string }) => c.characterId),
      [his.characterId],
    );
    t.deepEqual(expect(await bob.browser.get(`${base}/vehicles`), 200).vehicles, []);
    const before = await t.context.store.snapshot();
    const attempts: Array<[string, string, unknown]> = [
      ['PATCH', `/api/v1/account/characters/${hers.characterId}`, { firstName: 'Taken', lastName: 'Over' }],
      ['POST', `/api/v1/account/characters/${hers.characterId}/retire`, undefined],
      ['POST', `/api/v1/account/characters/${hers.characterId}/link-codes`, undefined],
      ['POST', `/api/v1/account/characters/${hers.characterId}/unlink`, { kind: 'license', value: 'license:x' }],
      ['POST', '/api/v1/account/link', { code: 'ABCDE-FGHJK', characterId: hers.characterId }],
      ['POST', `/api/v1/account/vehicles/${car.vehicleId}/transfer`, { characterId: his.characterId }],
      ['POST', `/api/v1/account/vehicles/${car.vehicleId}/stolen`, { stolen: true }],
    ];
    for (const [method, path, body] of attempts) {
      const reply = await bob.browser.send(method, path, body);
      t.deepEqual([reply.status, reply.body.error], [404, 'NOT_FOUND'], `${method} ${path}`);
    }
    // Registering to someone else's character names the field, and writes nothing either.
    const foreign = await bob.browser.post(`${base}/vehicles`, { plate: `B${unique()}`.slice(0, 8), ownerCharacterId: hers.characterId });
    t.deepEqual([foreign.status, foreign.body.error], [400, 'VALIDATION_FAILED']);
    // And moving his own vehicle to her character is refused as well.
    const hisCar = expect(
      await bob.browser.post(`${base}/vehicles`, { plate: `BC${unique()}`.slice(0, 8), ownerCharacterId: his.characterId }),
      201,
    );
    const after = await t.context.store.snapshot();
    t.is(
      expect(await bob.browser.post(`/api/v1/account/vehicles/${hisCar.vehicleId}/transfer`, { characterId: hers.characterId }), 400).error,
      'VALIDATION_FAILED',
    );
    t.deepEqual(await t.context.store.snapshot(), after);
    t.notDeepEqual(before, after);
  });

  if (!concurrent) return;

  test('at once: a pending link confirmed ten times links once, a code redeemed ten times links once, and the limit holds', async (t) => {
    const { game, player, base, org, root } = await community(t);
    const { browser } = await player();
    const made = expect(await browser.post(`${base}/characters`, { firstName: 'Race', lastName: 'Condition' }), 201);
    const started = expect(await game('/identity/link/pending', { identifiers: { license: `license:${unique()}` } }), 200);
    const confirms = await Promise.all(
      Array.from({ length: 10 }, () => browser.post('/api/v1/account/link', { code: started.code, characterId: made.characterId })),
    );
    t.is(confirms.filter((r) => r.status === 200 && r.body.linked === true).length, 1);
    t.is(confirms.filter((r) => r.status === 200 && r.body.reason === 'invalid_or_expired_code').length, 9);

    const { code } = expect(await browser.post(`/api/v1/account/characters/${made.characterId}/link-codes`), 201);
    const redeems = await Promise.all(
      Array.from({ length: 10 }, (_, i) => game('/identity/link', { identifiers: { license: `license:${unique()}-${i}` }, code })),
    );
    t.is(redeems.filter((r) => r.body.linked === true).length, 1);

    expect(await root.patch(`/organisations/${org.organisationId}`, { charactersPerPerson: 3 }), 200);
    const creates = await Promise.all(
      Array.from({ length: 8 }, (_, i) => browser.post(`${base}/characters`, { firstName: `Rush${i}`, lastName: 'Hour' })),
    );
    t.is(creates.filter((r) => r.status === 201).length, 2, 'one held already: two more make three');
    t.true(creates.filter((r) => r.status !== 201).every((r) => r.status === 409));
    t.is(expect(await browser.get(`${base}/characters`), 200).characters.length, 3);
  });
}
