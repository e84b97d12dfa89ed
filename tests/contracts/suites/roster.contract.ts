import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import { DateOfBirth } from '../../../domain/records/date-of-birth.ts';
import { Character } from '../../../domain/roster/character.ts';
import { linksFor } from '../../../domain/roster/identifier-link.ts';
import { LinkCode } from '../../../domain/roster/link-code.ts';
import { PendingLink } from '../../../domain/roster/pending-link.ts';
import { PlayerIdentifiers } from '../../../domain/roster/player-identifiers.ts';
import type { CharacterId, CharacterPublicId } from '../../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';
import { widenTheRace } from './locking.contract.ts';

const identifiers = (input: Record<string, string>) => {
  const parsed = PlayerIdentifiers.from(input);
  if (!parsed.ok) throw new Error('bad identifiers');
  return parsed.value;
};

export function rosterContract(test: ContractTest) {
  test('characters: read back exactly, with and without a date of birth', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    const dob = DateOfBirth.parse('1990-04-30');
    if (!dob.ok) return t.fail();
    for (const dateOfBirth of [dob.value, null]) {
      const character = Character.create(
        {
          id: ids.next<CharacterId>(),
          publicId: ids.next<CharacterPublicId>(),
          organisationId: organisation.id,
          firstName: 'Ana',
          lastName: 'Ruiz',
          dateOfBirth,
        },
        NOW,
      );
      await store.characters.save(character);
      t.deepEqual((await store.characters.get(character.id))?.snapshot(), character.snapshot());
    }
  });

  test('identifier links: found per organisation, each identifier at most once', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const [jane, joe] = [await f.character(a.id), await f.character(b.id)];
    const player = identifiers({ license: 'license:abc', chat: 'discord:1' });
    await store.identifierLinks.link(linksFor(a.id, player, jane.id, NOW));
    await store.identifierLinks.link(linksFor(b.id, identifiers({ license: 'license:abc' }), joe.id, NOW));
    const found = await store.identifierLinks.findLinks(a.id, identifiers({ license: 'license:abc', game: 'fivem:9', chat: 'discord:1' }));
    t.deepEqual(
      found.map((l) => [l.kind, l.value, l.characterId]).sort(),
      [
        ['chat', 'discord:1', jane.id],
        ['license', 'license:abc', jane.id],
      ].sort(),
    );
    t.deepEqual(await store.identifierLinks.findLinks(a.id, identifiers({ store: 'nope' })), []);
  });

  test('identifier links: linking an identifier again moves it to the new character', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const [first, second] = [await f.character(organisation.id), await f.character(organisation.id)];
    const player = identifiers({ license: 'license:moving' });
    await store.identifierLinks.link(linksFor(organisation.id, player, first.id, NOW));
    await store.identifierLinks.link(linksFor(organisation.id, player, second.id, NOW));
    t.deepEqual(
      (await store.identifierLinks.findLinks(organisation.id, player)).map((l) => l.characterId),
      [second.id],
    );
  });

  test('identifier links: a character’s links in its organisation, and none once they moved', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const [jane, joe, other] = [await f.character(a.id), await f.character(b.id), await f.character(a.id)];
    await store.identifierLinks.link(linksFor(a.id, identifiers({ license: 'license:own', chat: 'discord:own' }), jane.id, NOW));
    await store.identifierLinks.link(linksFor(b.id, identifiers({ license: 'license:own' }), joe.id, NOW));
    t.deepEqual((await store.identifierLinks.linksOf(a.id, jane.id)).map((l) => [l.kind, l.value]).sort(), [
      ['chat', 'discord:own'],
      ['license', 'license:own'],
    ]);
    t.deepEqual(await store.identifierLinks.linksOf(b.id, jane.id), [], 'not in another organisation');
    await store.identifierLinks.link(linksFor(a.id, identifiers({ license: 'license:own', chat: 'discord:own' }), other.id, NOW));
    t.deepEqual(await store.identifierLinks.linksOf(a.id, jane.id), []);
  });

  test('identifier links: which of some characters are linked, in their organisation only', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const [linked, unlinked, elsewhere] = [await f.character(a.id), await f.character(a.id), await f.character(b.id)];
    await store.identifierLinks.link(
      linksFor(a.id, identifiers({ license: `license:${ids.next()}`, chat: `discord:${ids.next()}` }), linked.id, NOW),
    );
    await store.identifierLinks.link(linksFor(b.id, identifiers({ license: `license:${ids.next()}` }), elsewhere.id, NOW));
    t.deepEqual([...(await store.identifierLinks.linkedAmong(a.id, [linked.id, unlinked.id, elsewhere.id]))], [linked.id]);
    t.deepEqual([...(await store.identifierLinks.linkedAmong(b.id, [linked.id, elsewhere.id]))], [elsewhere.id]);
    t.deepEqual([...(await store.identifierLinks.linkedAmong(a.id, []))], []);
  });

  test('link codes: found by hash in their organisation only; redemption is kept', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const character = await f.character(a.id);
    const code = LinkCode.issue({ codeHash: `hash-${ids.next()}`, organisationId: a.id, characterId: character.id }, NOW);
    await store.linkCodes.save(code);
    const hash = code.snapshot().codeHash;
    t.deepEqual((await store.linkCodes.findByHash(a.id, hash))?.snapshot(), code.snapshot());
    t.is(await store.linkCodes.findByHash(b.id, hash), null);
    code.redeem(NOW);
    await store.linkCodes.save(code);
    t.deepEqual((await store.linkCodes.findByHash(a.id, hash))?.snapshot().usedAt, NOW);
  });

  test('pending links: those waiting with an identifier, in their organisation only, neither used nor expired', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const discord = { kind: 'chat' as const, value: `discord:${ids.next()}` };
    const start = (organisationId: typeof a.id, identifiers: Array<{ kind: 'license' | 'chat'; value: string }>, at = NOW) =>
      PendingLink.start({ codeHash: `hash-${ids.next()}`, organisationId, identifiers }, at);
    const earlier = start(a.id, [{ kind: 'license', value: `license:${ids.next()}` }, discord], new Date(NOW.getTime() - 60_000));
    const later = start(a.id, [discord]);
    const used = start(a.id, [discord]);
    used.confirm(NOW);
    const expired = start(a.id, [discord], new Date(NOW.getTime() - 600_000));
    const others = [start(b.id, [discord]), start(a.id, [{ kind: 'chat', value: 'discord:1' }]), used, expired];
    for (const link of [later, ...others, earlier]) await store.pendingLinks.save(link);
    const waiting = await store.pendingLinks.waitingWith(a.id, discord, NOW);
    t.deepEqual(
      waiting.map((l) => l.snapshot()),
      [earlier.snapshot(), later.snapshot()],
    );
    t.deepEqual(await store.pendingLinks.waitingWith(a.id, { kind: 'license', value: discord.value }, NOW), []);
    // Held for update: of 20 concurrent confirmations of what waits, each link is confirmed once.
    const confirmations = await Promise.all(
      Array.from({ length: 20 }, () =>
        store.uow.run(async () => {
          const held = await store.pendingLinks.waitingWith(a.id, discord, NOW, true);
          await widenTheRace();
          let confirmed = 0;
          for (const link of held)
            if (link.confirm(NOW).ok) {
              await store.pendingLinks.save(link);
              confirmed += 1;
            }
          return confirmed;
        }),
      ),
    );
    t.is(
      confirmations.reduce((sum, n) => sum + n, 0),
      2,
    );
    t.deepEqual(await store.pendingLinks.waitingWith(a.id, discord, NOW), []);
  });

  test('memberships: found by department and character; a second membership is refused', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const department = await f.department((await f.organisation()).id);
    const { membership, character } = await f.unit(department);
    t.deepEqual(await store.memberships.findFor(department.id, character.id), membership);
    const twin = { ...membership, id: ids.next<typeof membership.id>(), unitId: ids.next<typeof membership.unitId>() };
    const error = await t.throwsAsync(() => store.memberships.add(twin), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'membership');
    const sameUnit = {
      ...membership,
      id: ids.next<typeof membership.id>(),
      characterId: (await f.character(department.organisationId)).id,
    };
    const unitError = await t.throwsAsync(() => store.memberships.add(sameUnit), { instanceOf: UniqueConstraintViolation });
    t.is(unitError?.constraint, 'membership_unit');
    t.is(await store.memberships.findFor(department.id, sameUnit.characterId), null);
  });

  test('link codes: found for update by hash in their organisation only; of 20 concurrent locked redemptions one succeeds', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const code = LinkCode.issue({ codeHash: `hash-${ids.next()}`, organisationId: a.id, characterId: (await f.character(a.id)).id }, NOW);
    await store.linkCodes.save(code);
    const hash = code.snapshot().codeHash;
    t.deepEqual((await store.uow.run(() => store.linkCodes.findByHashForUpdate(a.id, hash)))?.snapshot(), code.snapshot());
    t.is(await store.uow.run(() => store.linkCodes.findByHashForUpdate(b.id, hash)), null);
    const redemptions = await Promise.all(
      Array.from({ length: 20 }, () =>
        store.uow.run(async () => {
          const locked = (await store.linkCodes.findByHashForUpdate(a.id, hash))!;
          await widenTheRace();
          const redeemed = locked.redeem(NOW);
          if (redeemed.ok) await store.linkCodes.save(locked);
          return redeemed.ok;
        }),
      ),
    );
    t.is(redemptions.filter(Boolean).length, 1);
    t.deepEqual((await store.linkCodes.findByHash(a.id, hash))?.snapshot().usedAt, NOW);
  });
}
