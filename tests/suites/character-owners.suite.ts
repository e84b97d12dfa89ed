import type { TestFn } from 'ava';
import type { Persistence } from '../../application/ports/persistence.ts';
import { expect, operatorOf } from '../support/operator-driver.ts';
import { playerCommunity, unique } from '../support/player-community.ts';
import { invite, signUp } from '../support/people-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

type Store = Persistence & { snapshot(): Promise<Record<string, unknown[]>> };
export type CharacterOwnersContext = { app: TestService; store: Store };

/**
 * The roster's side of players' characters (issue 32, part 5; decision 0113): whose account each
 * character is, approving the ones that wait, and moving one to another person of the organisation,
 * with `roster.manage`, audited, within the organisation only.
 */
export function characterOwnersSuite(test: TestFn<CharacterOwnersContext>, open: () => Promise<Persistence>): void {
  test.before(async (t) => {
    const store = (await open()) as Store;
    const app = await startTestService({ storage: { kind: 'provided', persistence: store }, rateLimitScale: 1000 });
    t.context = { app, store };
  });
  test.after.always((t) => t.context.app?.close());

  test.serial('the roster lists each character’s owner and status; Approve makes a waiting one active, and it may then link', async (t) => {
    const { app } = t.context;
    const { root, org, base, player, characterOf, game } = await playerCommunity(app, { characterApproval: true });
    const pat = await player();
    const waiting = await characterOf(pat, 'Wade');
    t.is(waiting.status, 'pending');
    const rosterMade = await org.character('Roster', 'Made');
    const listed = expect(await root.get(`/organisations/${org.organisationId}/characters?limit=100`), 200).items;
    t.like(
      listed.find((c: { characterId: string }) => c.characterId === waiting.characterId),
      { status: 'pending', ownerPersonId: pat.personId },
    );
    t.like(
      listed.find((c: { characterId: string }) => c.characterId === rosterMade.characterId),
      { status: 'active', ownerPersonId: null },
    );

    const approved = expect(await root.post(`/characters/${waiting.characterId}/approve`), 200);
    t.like(approved, { characterId: waiting.characterId, status: 'active', ownerPersonId: pat.personId });
    const again = await t.context.store.snapshot();
    t.like(expect(await root.post(`/characters/${waiting.characterId}/approve`), 200), { status: 'active' });
    t.deepEqual(await t.context.store.snapshot(), again, 'approving an active character writes nothing');
    const entries = (await org.audit()).filter((e) => e.action === 'character.approved');
    t.is(entries.length, 1);
    t.like(entries[0], { subject: { type: 'character', id: waiting.characterId } });
    // Active now: the player's code links it.
    const { code } = expect(await pat.browser.post(`/api/v1/account/characters/${waiting.characterId}/link-codes`), 201);
    t.like(expect(await game('/identity/link', { identifiers: { license: `license:${unique()}` }, code }), 200), { linked: true });
    t.is(expect(await pat.browser.get(`${base}/characters`), 200).characters[0].status, 'active');
    // The roster's list says which characters a game identity is linked to (its Linked column), a page at a time.
    const linked = (items: Array<{ characterId: string; linked: boolean }>) =>
      Object.fromEntries(
        items.filter((c) => [waiting.characterId, rosterMade.characterId].includes(c.characterId)).map((c) => [c.characterId, c.linked]),
      );
    t.deepEqual(linked(expect(await root.get(`/organisations/${org.organisationId}/characters?limit=100`), 200).items), {
      [waiting.characterId]: true,
      [rosterMade.characterId]: false,
    });
    const first = expect(await root.get(`/organisations/${org.organisationId}/characters?limit=1`), 200);
    const second = expect(await root.get(`/organisations/${org.organisationId}/characters?limit=100&cursor=${first.nextCursor}`), 200);
    t.deepEqual(linked([...first.items, ...second.items]), { [waiting.characterId]: true, [rosterMade.characterId]: false });

    // A retired character is never approved.
    const leaving = await characterOf(pat, 'Gone');
    expect(await pat.browser.post(`/api/v1/account/characters/${leaving.characterId}/retire`), 200);
    t.is(expect(await root.post(`/characters/${leaving.characterId}/approve`), 409).error, 'CONFLICT');
  });

  test.serial('the audit log names each subject as an operator knows it: a character, a unit, a call, a credential', async (t) => {
    const { app } = t.context;
    const { root, org, departmentId } = await playerCommunity(app);
    const character = await org.character('Named', 'Subject');
    const member = expect(
      await root.post(`/departments/${departmentId}/members`, { characterId: character.characterId, callsign: 'AUTO-007' }),
      201,
    );
    expect(await root.patch(`/units/${member.unitId}`, { callsign: '3-KING-9' }), 200);
    const call = expect(await root.post(`/departments/${departmentId}/calls`, { description: 'Shots fired at the pier' }), 201);
    const credential = await org.apiCredential('all', 'Night cameras');
    const entries = (await org.audit()) as unknown as Array<{ subject: { type: string; id: string } | null; subjectLabel: string | null }>;
    const named = (type: string, id: string) =>
      entries.filter((e) => e.subject?.type === type && e.subject.id === id).map((e) => e.subjectLabel);
    t.true(named('character', character.characterId).length > 0);
    t.true(named('character', character.characterId).every((label) => label === 'Named Subject'));
    t.deepEqual(named('unit', member.unitId), ['3-KING-9'], 'the callsign it has now');
    t.true(named('call', call.callId).length > 0);
    t.true(named('call', call.callId).every((label) => label === call.callNumber));
    t.true(named('credential', credential.clientId).every((label) => label === 'Night cameras'));
    t.true(named('credential', credential.clientId).length > 0);
    // Kinds not named keep their id alone.
    t.true(entries.filter((e) => e.subject?.type === 'membership').every((e) => e.subjectLabel === null));
  });

  test.serial(
    'Move to account: the character, its record and vehicles pass to another person; its game identities are unlinked',
    async (t) => {
      const { app } = t.context;
      const { root, org, base, player, characterOf, game } = await playerCommunity(app);
      const alice = await player('Alice Account');
      const bob = await player('Bob Account');
      const made = await characterOf(alice, 'Moving');
      const plate = `MV${unique()}`.slice(0, 8).toUpperCase();
      expect(await alice.browser.post(`${base}/vehicles`, { plate, ownerCharacterId: made.characterId }), 201);
      const identifiers = { license: `license:${unique()}` };
      const { code } = expect(await alice.browser.post(`/api/v1/account/characters/${made.characterId}/link-codes`), 201);
      expect(await game('/identity/link', { identifiers, code }), 200);

      const moved = expect(await root.post(`/characters/${made.characterId}/owner`, { personId: bob.personId }), 200);
      t.like(moved, { characterId: made.characterId, ownerPersonId: bob.personId });
      t.deepEqual(expect(await alice.browser.get(`${base}/characters`), 200).characters, []);
      t.deepEqual(expect(await alice.browser.get(`${base}/vehicles`), 200).vehicles, []);
      const his = expect(await bob.browser.get(`${base}/characters`), 200).characters;
      t.like(his, [{ characterId: made.characterId, links: [] }]);
      t.like(expect(await bob.browser.get(`${base}/vehicles`), 200).vehicles, [{ plate }]);
      // Alice's game no longer plays it: her identifiers are unlinked, and she cannot reach it.
      t.is((await alice.browser.patch(`/api/v1/account/characters/${made.characterId}`, { firstName: 'X', lastName: 'Y' })).status, 404);
      const entry = (await org.audit()).find((e) => e.action === 'character.moved');
      t.like(entry, { details: { from: alice.personId, to: bob.personId, unlinked: ['license'] } });

      // Moving it to the one who holds it writes nothing; a person of no account here is the field's 400.
      const stranger = await playerCommunity(app).then((elsewhere) => elsewhere.player('Stranger'));
      const before = await t.context.store.snapshot();
      t.like(expect(await root.post(`/characters/${made.characterId}/owner`, { personId: bob.personId }), 200), {
        ownerPersonId: bob.personId,
      });
      const refused = expect(await root.post(`/characters/${made.characterId}/owner`, { personId: stranger.personId }), 400);
      t.deepEqual(
        refused.details.map((d: { field: string }) => d.field),
        ['personId'],
      );
      const nobody = await root.post(`/characters/${made.characterId}/owner`, { personId: '0190a5b6-0000-7000-8000-00000000dead' });
      t.is(nobody.status, 400);
      t.deepEqual(await t.context.store.snapshot(), before);
    },
  );

  test.serial('the owner routes need roster.manage (a person’s session included) and reach no other organisation', async (t) => {
    const { app } = t.context;
    const home = await playerCommunity(app, { characterApproval: true });
    const away = await playerCommunity(app, { characterApproval: true });
    const pat = await home.player();
    const mine = await home.characterOf(pat, 'Kept');
    const theirs = await away.characterOf(await away.player(), 'Foreign');
    const { key: noRoster } = await home.org.operatorKey(['organisation.settings.manage', 'audit.view'], 'no roster');
    const { key: homeRoster } = await home.org.operatorKey(['roster.manage'], 'home roster');
    const dispatcher = await signUp(
      app.http,
      app.service.url,
      await invite({ key: app.bootstrapKey }, app.http, home.org.organisationId, 'dispatcher'),
      'Dee Dispatch',
      `dee.${unique()}`,
    );
    const before = await t.context.store.snapshot();
    const as = (key: string) => operatorOf(app.http, key);
    for (const [path, body] of [
      [`/characters/${mine.characterId}/approve`, undefined],
      [`/characters/${mine.characterId}/owner`, { personId: dispatcher.personId }],
    ] as const) {
      t.is(expect(await as(noRoster).post(path, body), 403).error, 'FORBIDDEN', path);
      t.is(expect(await dispatcher.browser.post(`/api/v1/admin${path}`, body), 403).error, 'FORBIDDEN', path);
    }
    for (const [path, body] of [
      [`/characters/${theirs.characterId}/approve`, undefined],
      [`/characters/${theirs.characterId}/owner`, { personId: pat.personId }],
    ] as const) {
      t.is(expect(await as(homeRoster).post(path, body), 404).error, 'NOT_FOUND', path);
    }
    t.deepEqual(await t.context.store.snapshot(), before);
    // An owner signed in approves with their session, as the admin page does.
    const owner = await home.player('Olivia Owner', 'owner');
    t.like(expect(await owner.browser.post(`/api/v1/admin/characters/${mine.characterId}/approve`), 200), { status: 'active' });
  });
}
