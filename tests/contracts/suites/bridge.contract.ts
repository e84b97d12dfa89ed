import type { PlayerCandidate } from '../../../application/ports/bridge-player-reader.ts';
import { PRESENCE_CLAIM_TTL_MS, type PresenceClaim, renewedClaim } from '../../../domain/presence/presence.ts';
import { type IdentifierLink, linksFor } from '../../../domain/roster/identifier-link.ts';
import { MdtHandoff } from '../../../domain/roster/mdt-handoff.ts';
import { Organisation } from '../../../domain/organisation/organisation.ts';
import { type IdentifierInput, type PlayerIdentifier, PlayerIdentifiers } from '../../../domain/roster/player-identifiers.ts';
import type { CallId, CharacterId, CredentialId, OrganisationId } from '../../../domain/shared/ids.ts';
import { MapPoint } from '../../../domain/shared/map-point.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';
import { widenTheRace } from './locking.contract.ts';

const at = (ms: number) => new Date(NOW.getTime() + ms);
const SECOND = 1000;

const identifiers = (input: IdentifierInput) => {
  const parsed = PlayerIdentifiers.from(input);
  if (!parsed.ok) throw new Error('bad identifiers');
  return parsed.value;
};

/** Comparable form of candidates, in a fixed order (the port promises none). */
const described = (candidates: readonly PlayerCandidate[]) =>
  candidates
    .map(({ unit, ...link }) => ({ link, unit: unit?.snapshot() ?? null }))
    .sort((a, b) => `${a.link.kind}/${a.link.value}`.localeCompare(`${b.link.kind}/${b.link.value}`));

const sortedLinks = (links: readonly IdentifierLink[]) =>
  [...links].sort((a, b) => `${a.kind}/${a.value}`.localeCompare(`${b.kind}/${b.value}`));

export function bridgeContract(test: ContractTest) {
  test('bridge players: each linked identifier comes with its character`s unit in the department asked about, in one read', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const [police, fire] = [await f.department(a.id, 'police'), await f.department(a.id, 'fire')];
    const jane = await f.unit(police, '1-ADAM-12');
    jane.unit.syncDuty(true, at(SECOND));
    jane.unit.assignTo(
      { callId: ids.next<CallId>(), callNumber: 'C-26-000042', pin: MapPoint.of(-1204.123456789, 0.1 + 0.2) },
      at(2 * SECOND),
    );
    await store.units.save(jane.unit);
    const joe = await f.unit(fire, null);
    const stranger = await f.character(b.id);
    await store.identifierLinks.link(
      linksFor(a.id, identifiers({ license: 'license:jane', chat: 'discord:jane' }), jane.character.id, NOW),
    );
    await store.identifierLinks.link(linksFor(a.id, identifiers({ game: 'fivem:joe' }), joe.character.id, at(SECOND)));
    await store.identifierLinks.link(linksFor(b.id, identifiers({ license: 'license:jane', store: 'steam:1' }), stranger.id, NOW));
    const player = identifiers({ license: 'license:jane', game: 'fivem:joe', store: 'steam:1', chat: 'discord:jane' });
    const link = (kind: IdentifierLink['kind'], value: string, characterId: CharacterId, linkedAt = NOW): IdentifierLink => ({
      organisationId: a.id,
      kind,
      value,
      characterId,
      linkedAt,
    });

    const forPolice = await store.bridgePlayers.candidates(a.id, police.id, player);
    t.deepEqual(described(forPolice), [
      { link: link('chat', 'discord:jane', jane.character.id), unit: jane.unit.snapshot() },
      { link: link('game', 'fivem:joe', joe.character.id, at(SECOND)), unit: null },
      { link: link('license', 'license:jane', jane.character.id), unit: jane.unit.snapshot() },
    ]);
    t.is(player.resolve(forPolice)?.unit?.id, jane.unit.id);
    t.is(forPolice.find((c) => c.kind === 'license')?.unit?.assignment?.pin?.distanceTo(MapPoint.of(-1204.123456789, 0.1 + 0.2)), 0);

    t.deepEqual(described(await store.bridgePlayers.candidates(a.id, fire.id, player)), [
      { link: link('chat', 'discord:jane', jane.character.id), unit: null },
      { link: link('game', 'fivem:joe', joe.character.id, at(SECOND)), unit: joe.unit.snapshot() },
      { link: link('license', 'license:jane', jane.character.id), unit: null },
    ]);
    t.deepEqual(
      described(await store.bridgePlayers.candidates(a.id, null, player)).map((c) => c.unit),
      [null, null, null],
    );
    t.deepEqual(await store.bridgePlayers.candidates(a.id, police.id, identifiers({ store: 'steam:1' })), []);
    t.deepEqual(
      (await store.bridgePlayers.candidates(b.id, police.id, player)).map((c) => [c.organisationId, c.characterId, c.unit]).sort(),
      [
        [b.id, stranger.id, null],
        [b.id, stranger.id, null],
      ],
    );
    // Inside a unit of work the read joins it and sees its writes.
    const seen = await store.uow.run(async () => {
      jane.unit.syncDuty(false, at(3 * SECOND));
      await store.units.save(jane.unit);
      const [candidate] = await store.bridgePlayers.candidates(a.id, police.id, identifiers({ license: 'license:jane' }));
      return candidate?.unit?.status;
    });
    t.is(seen, 'OFF_DUTY');
  });

  test('bridge gate facts: the organisation`s settings and the same candidates, in one read; locking inside a unit of work sees its writes', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const a = Organisation.create(
      ids.next<OrganisationId>(),
      'Blaine RP',
      { mapType: 'static_image', arrivalRadius: 12.5, autoProvision: false },
      NOW,
    );
    await store.organisations.save(a);
    const police = await f.department(a.id, 'police');
    const jane = await f.unit(police, '1-ADAM-12');
    await store.identifierLinks.link(
      linksFor(a.id, identifiers({ license: 'license:jane', chat: 'discord:jane' }), jane.character.id, NOW),
    );
    const player = identifiers({ license: 'license:jane', chat: 'discord:jane', game: 'fivem:nobody' });

    const read = await store.bridgePlayers.gateFacts(a.id, police.id, player);
    t.deepEqual(read.settings, a.settings);
    t.deepEqual(described(read.candidates), described(await store.bridgePlayers.candidates(a.id, police.id, player)));
    t.is(read.candidates.length, 2);

    // Nobody linked: the settings still come back; an unknown organisation has none.
    t.deepEqual(await store.bridgePlayers.gateFacts(a.id, police.id, identifiers({ license: 'license:nobody' })), {
      settings: a.settings,
      candidates: [],
    });
    t.deepEqual(await store.bridgePlayers.gateFacts(ids.next<OrganisationId>(), police.id, player), { settings: null, candidates: [] });

    const locked = await store.uow.run(async () => {
      jane.unit.syncDuty(true, at(SECOND));
      await store.units.save(jane.unit);
      const facts = await store.bridgePlayers.gateFacts(a.id, police.id, player, { lockUnits: true });
      return facts.candidates.map((c) => c.unit?.status);
    });
    t.deepEqual(locked, ['AVAILABLE', 'AVAILABLE']);
    t.deepEqual(
      described((await store.bridgePlayers.gateFacts(a.id, null, player, { lockUnits: true })).candidates).map((c) => c.unit),
      [null, null],
    );
  });

  test('identifier links: found among many players` identifiers at once, per organisation, each link once', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const [one, two, three] = [await f.character(a.id), await f.character(a.id), await f.character(b.id)];
    await store.identifierLinks.link(linksFor(a.id, identifiers({ license: 'license:1', chat: 'discord:1' }), one.id, NOW));
    await store.identifierLinks.link(linksFor(a.id, identifiers({ game: 'fivem:2' }), two.id, at(SECOND)));
    await store.identifierLinks.link(linksFor(b.id, identifiers({ license: 'license:3', game: 'fivem:2' }), three.id, NOW));
    const asked: PlayerIdentifier[] = [
      { kind: 'license', value: 'license:1' },
      { kind: 'game', value: 'fivem:2' },
      { kind: 'license', value: 'license:3' },
      { kind: 'chat', value: 'discord:1' },
      { kind: 'store', value: 'discord:1' },
      { kind: 'license', value: 'license:1' },
      { kind: 'chat', value: 'discord:unknown' },
    ];
    t.deepEqual(
      sortedLinks(await store.identifierLinks.findLinksAmong(a.id, asked)),
      sortedLinks([
        { organisationId: a.id, kind: 'license', value: 'license:1', characterId: one.id, linkedAt: NOW },
        { organisationId: a.id, kind: 'chat', value: 'discord:1', characterId: one.id, linkedAt: NOW },
        { organisationId: a.id, kind: 'game', value: 'fivem:2', characterId: two.id, linkedAt: at(SECOND) },
      ]),
    );
    t.deepEqual(
      (await store.identifierLinks.findLinksAmong(b.id, asked)).map((l) => l.characterId),
      [three.id, three.id],
    );
    t.deepEqual(await store.identifierLinks.findLinksAmong(a.id, []), []);
    const many: PlayerIdentifier[] = Array.from({ length: 500 }, (_, i) => ({ kind: 'license', value: `license:many-${i}` }));
    t.deepEqual(await store.identifierLinks.findLinksAmong(a.id, [...many, { kind: 'game', value: 'fivem:2' }]).then((l) => l.length), 1);
  });

  test('presence: renewing inserts or extends each claim; only claims unexpired at `now` are counted, per organisation', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const [credential, otherCredential] = [await f.credential(a.id), await f.credential(b.id)];
    const characters = [await f.character(a.id), await f.character(a.id), await f.character(a.id)];
    const claim = (organisationId: OrganisationId, characterId: CharacterId, credentialId: CredentialId, now: Date) =>
      renewedClaim({ organisationId, characterId, credentialId }, now);
    const count = (now: Date) => store.presence.countConnected(a.id, now);

    await store.presence.renew(characters.map((c) => claim(a.id, c.id, credential.id, NOW)));
    await store.presence.renew([claim(b.id, (await f.character(b.id)).id, otherCredential.id, NOW)]);
    const expiry = new Date(NOW.getTime() + PRESENCE_CLAIM_TTL_MS);
    t.is(await count(NOW), 3);
    t.is(await count(new Date(expiry.getTime() - 1)), 3);
    t.is(await count(expiry), 0, 'a claim has lapsed at its expiry');

    await store.presence.renew([
      claim(a.id, characters[0]!.id, credential.id, at(30 * SECOND)),
      claim(a.id, characters[1]!.id, credential.id, at(30 * SECOND)),
    ]);
    t.is(await count(expiry), 2);
    t.is(await count(at(30 * SECOND + PRESENCE_CLAIM_TTL_MS - 1)), 2);
    t.is(await count(at(30 * SECOND + PRESENCE_CLAIM_TTL_MS)), 0);
    t.is(await store.presence.countConnected(b.id, NOW), 1);
    t.is(await store.presence.countConnected(ids.next<OrganisationId>(), NOW), 0);

    // The board reads each unit's claim, lapsed or not, in its own organisation only.
    const read = await store.presence.claimsOf(a.id, [characters[0]!.id, characters[2]!.id, ids.next<CharacterId>()]);
    t.deepEqual(
      read.map((c) => [c.characterId, c.expiresAt.getTime()]).sort(),
      [
        [characters[0]!.id, at(30 * SECOND + PRESENCE_CLAIM_TTL_MS).getTime()],
        [characters[2]!.id, expiry.getTime()],
      ].sort(),
    );
    t.deepEqual(await store.presence.claimsOf(b.id, [characters[0]!.id]), []);
    t.deepEqual(await store.presence.claimsOf(a.id, []), []);
  });

  test('presence: one renewal of many claims, a character twice in it, and a late heartbeat that must not shorten a claim', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const credential = await f.credential(organisation.id);
    const characters = await Promise.all(Array.from({ length: 30 }, () => f.character(organisation.id)));
    const claims: PresenceClaim[] = characters.map((c) =>
      renewedClaim({ organisationId: organisation.id, characterId: c.id, credentialId: credential.id }, NOW),
    );
    const twice = renewedClaim(
      { organisationId: organisation.id, characterId: characters[0]!.id, credentialId: credential.id },
      at(40 * SECOND),
    );
    await store.presence.renew([...claims, twice]);
    t.is(await store.presence.countConnected(organisation.id, NOW), 30);
    t.is(await store.presence.countConnected(organisation.id, claims[0]!.expiresAt), 1, 'the later claim of the character counted');
    // A heartbeat that arrives late, renewed before the stored claim, leaves it as it is.
    await store.presence.renew([
      renewedClaim({ organisationId: organisation.id, characterId: characters[0]!.id, credentialId: credential.id }, NOW),
    ]);
    t.is(await store.presence.countConnected(organisation.id, claims[0]!.expiresAt), 1);
    t.is(await store.presence.countConnected(organisation.id, twice.expiresAt), 0);
    await store.presence.renew([]);
  });

  test('presence: overages read back newest first, per organisation, limited', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const overage = (organisationId: OrganisationId, when: Date, connected: number) => ({ organisationId, at: when, connected, max: 10 });
    const [middle, first, last, lastAgain] = [
      overage(a.id, at(SECOND), 11),
      overage(a.id, NOW, 12),
      overage(a.id, at(2 * SECOND), 13),
      overage(a.id, at(2 * SECOND), 14),
    ];
    for (const o of [middle, first, last, overage(b.id, at(3 * SECOND), 99), lastAgain]) await store.presence.recordOverage(o);
    t.deepEqual(await store.presence.listOverages(a.id, 10), [lastAgain, last, middle, first]);
    t.deepEqual(await store.presence.listOverages(a.id, 2), [lastAgain, last]);
    t.deepEqual(await store.presence.listOverages(ids.next<OrganisationId>(), 10), []);
  });

  test('provisioning: counts the players a credential created strictly after `since`', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const department = await f.department(organisation.id);
    const [credential, other] = [await f.credential(organisation.id, department.id), await f.credential(organisation.id, department.id)];
    const HOUR = 3600 * SECOND;
    const record = async (credentialId: CredentialId, when: Date) =>
      store.provisioning.record({
        organisationId: organisation.id,
        credentialId,
        characterId: (await f.character(organisation.id)).id,
        at: when,
      });
    for (const when of [at(-2 * HOUR), at(-HOUR), at(-HOUR + 1), at(-30 * 60 * SECOND), NOW]) await record(credential.id, when);
    await record(other.id, NOW);
    t.is(await store.provisioning.countSince(credential.id, at(-HOUR)), 3);
    t.is(await store.provisioning.countSince(credential.id, at(-HOUR - 1)), 4);
    t.is(await store.provisioning.countSince(credential.id, at(-3 * HOUR)), 5);
    t.is(await store.provisioning.countSince(credential.id, NOW), 0);
    t.is(await store.provisioning.countSince(other.id, at(-HOUR)), 1);
    t.is(await store.provisioning.countSince(ids.next<CredentialId>(), at(-HOUR)), 0);
  });

  test('mdt hand-offs: read back exactly by token hash, for both tiers; a redemption is kept', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const department = await f.department(organisation.id);
    const { character, unit } = await f.unit(department);
    const credential = await f.credential(organisation.id, department.id);
    const issue = (tier: 'full' | 'basic') =>
      MdtHandoff.issue(
        {
          tokenHash: `token-${ids.next()}`,
          organisationId: organisation.id,
          characterId: character.id,
          credentialId: credential.id,
          departmentId: department.id,
          unitId: tier === 'full' ? unit.id : null,
          tier,
          confirmInGame: tier === 'basic',
        },
        NOW,
      );
    const [full, basic] = [issue('full'), issue('basic')];
    await store.mdtHandoffs.save(full);
    await store.mdtHandoffs.save(basic);
    const read = (handoff: MdtHandoff) => store.uow.run(() => store.mdtHandoffs.getForUpdate(handoff.snapshot().tokenHash));
    t.deepEqual((await read(full))?.snapshot(), full.snapshot());
    t.deepEqual((await read(basic))?.snapshot(), basic.snapshot());
    t.true(full.exchange(at(SECOND), { pairingHash: 'unused', codeHash: 'unused' }).ok);
    await store.mdtHandoffs.save(full);
    t.deepEqual((await read(full))?.snapshot().usedAt, at(SECOND));
    t.is(await store.uow.run(() => store.mdtHandoffs.getForUpdate('no-such-token')), null);

    // The basic one is confirmed in the game: a page opens it, it waits, it is found by its pairing and by its character.
    const pairingHash = `pairing-${ids.next()}`;
    t.true(basic.exchange(at(SECOND), { pairingHash, codeHash: 'code' }).ok);
    await store.mdtHandoffs.save(basic);
    const byPairing = await store.uow.run(() => store.mdtHandoffs.getByPairingForUpdate(pairingHash));
    t.deepEqual(byPairing?.snapshot(), basic.snapshot());
    t.is(await store.uow.run(() => store.mdtHandoffs.getByPairingForUpdate('no-such-pairing')), null);
    const waiting = () => store.uow.run(() => store.mdtHandoffs.awaitingConfirmation(character.id, credential.id, NOW));
    t.deepEqual(
      (await waiting()).map((h) => h.snapshot().tokenHash),
      [basic.snapshot().tokenHash],
    );
    t.deepEqual(await store.uow.run(() => store.mdtHandoffs.awaitingConfirmation(character.id, credential.id, at(2 * SECOND))), []);
    t.true(basic.confirm('code', at(2 * SECOND)).ok);
    await store.mdtHandoffs.save(basic);
    t.deepEqual(await waiting(), []);
    t.deepEqual((await read(basic))?.snapshot().confirmedAt, at(2 * SECOND));
  });

  test('mdt hand-offs: of 20 concurrent locked redemptions of one token, exactly one succeeds', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const department = await f.department(organisation.id);
    const handoff = MdtHandoff.issue(
      {
        tokenHash: `token-${ids.next()}`,
        organisationId: organisation.id,
        characterId: (await f.character(organisation.id)).id,
        credentialId: (await f.credential(organisation.id, department.id)).id,
        departmentId: department.id,
        unitId: null,
        tier: 'basic',
        confirmInGame: false,
      },
      NOW,
    );
    await store.mdtHandoffs.save(handoff);
    const redemptions = await Promise.all(
      Array.from({ length: 20 }, () =>
        store.uow.run(async () => {
          const locked = (await store.mdtHandoffs.getForUpdate(handoff.snapshot().tokenHash))!;
          await widenTheRace();
          const redeemed = locked.exchange(at(SECOND), { pairingHash: 'p', codeHash: 'c' });
          if (redeemed.ok) await store.mdtHandoffs.save(locked);
          return redeemed.ok;
        }),
      ),
    );
    t.is(redemptions.filter(Boolean).length, 1);
  });

  test('mdt hand-offs: of 20 concurrent locked confirmations of one waiting page, exactly one succeeds', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const department = await f.department(organisation.id);
    const character = await f.character(organisation.id);
    const credential = await f.credential(organisation.id, department.id);
    const handoff = MdtHandoff.issue(
      {
        tokenHash: `token-${ids.next()}`,
        organisationId: organisation.id,
        characterId: character.id,
        credentialId: credential.id,
        departmentId: department.id,
        unitId: null,
        tier: 'basic',
        confirmInGame: true,
      },
      NOW,
    );
    handoff.exchange(at(SECOND), { pairingHash: `pairing-${ids.next()}`, codeHash: 'code' });
    await store.mdtHandoffs.save(handoff);
    const confirmations = await Promise.all(
      Array.from({ length: 20 }, () =>
        store.uow.run(async () => {
          const [waiting] = await store.mdtHandoffs.awaitingConfirmation(character.id, credential.id, NOW);
          await widenTheRace();
          const confirmed = waiting?.confirm('code', at(2 * SECOND));
          if (confirmed?.ok) await store.mdtHandoffs.save(waiting!);
          return confirmed?.ok === true;
        }),
      ),
    );
    t.is(confirmations.filter(Boolean).length, 1);
  });
}
