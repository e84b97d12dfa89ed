import test from 'ava';
import { PRESENCE_CLAIM_TTL_MS, overageOf, renewedClaim } from '../../domain/presence/presence.ts';
import { Civilian } from '../../domain/records/civilian.ts';
import { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import { resolveOnePerson } from '../../domain/records/person-resolution.ts';
import { MDT_CONFIRMATION_TTL_MS, MDT_HANDOFF_TTL_MS, MdtHandoff, confirmationCodeFromRandom } from '../../domain/roster/mdt-handoff.ts';
import { provisionedCallsign, provisionedName } from '../../domain/roster/provisioning.ts';
import type { CharacterId, CivilianId, CredentialId, DepartmentId } from '../../domain/shared/ids.ts';
import { ORG, POLICE, T0 } from '../support/domain-builders.ts';

const CHARACTER = '00000000-0000-7000-8000-0000000000c1' as CharacterId;
const CREDENTIAL = '00000000-0000-7000-8000-0000000000e1' as CredentialId;

let serial = 0;
function civilian(dateOfBirth: string | null): Civilian {
  const dob = dateOfBirth === null ? null : DateOfBirth.parse(dateOfBirth);
  if (dob !== null && !dob.ok) throw new Error('bad date in test');
  const id = `00000000-0000-7000-8000-${String(++serial).padStart(12, '0')}` as CivilianId;
  return Civilian.register({ id, organisationId: ORG, firstName: 'John', lastName: 'Smith', dateOfBirth: dob?.value ?? null }, T0);
}

test('one same-named civilian is the person, whatever date of birth was asked', (t) => {
  const only = civilian('1990-01-01');
  t.deepEqual(resolveOnePerson([only], '1985-05-05'), { ok: true, value: only });
});

test('a shared name is narrowed by date of birth to exactly one', (t) => {
  const a = civilian('1990-01-01');
  const b = civilian('1985-05-05');
  t.deepEqual(resolveOnePerson([a, b], '1985-05-05'), { ok: true, value: b });
  t.deepEqual(resolveOnePerson([a, b], ' 1985-05-05 '), { ok: true, value: b });
});

test('resolution never guesses: nobody is no_match, several born that day are multiple_matches', (t) => {
  t.deepEqual(resolveOnePerson([], '1990-01-01'), { ok: false, reason: 'no_match' });
  t.deepEqual(resolveOnePerson([civilian('1990-01-01'), civilian('1990-01-01')], '1990-01-01'), {
    ok: false,
    reason: 'multiple_matches',
  });
  t.deepEqual(resolveOnePerson([civilian('1990-01-01'), civilian('1991-01-01')], '1970-01-01'), { ok: false, reason: 'no_match' });
});

test('a same-named civilian without a recorded date may be the person: that is ambiguous, not no_match', (t) => {
  t.deepEqual(resolveOnePerson([civilian('1990-01-01'), civilian(null)], '1970-01-01'), { ok: false, reason: 'multiple_matches' });
});

test('provisioned units get AUTO-nnn callsigns and players their game name, or a placeholder', (t) => {
  t.is(provisionedCallsign(7), 'AUTO-007');
  t.is(provisionedCallsign(1234), 'AUTO-1234');
  t.deepEqual(provisionedName('  Jane  Q  Doe ', 'AUTO-001'), { firstName: 'Jane Q', lastName: 'Doe' });
  t.deepEqual(provisionedName(undefined, 'AUTO-001'), { firstName: 'Player', lastName: 'AUTO-001' });
  t.deepEqual(provisionedName('   ', 'AUTO-002'), { firstName: 'Player', lastName: 'AUTO-002' });
});

test('a presence claim lasts two heartbeats; an overage exists only past a set limit', (t) => {
  const claim = renewedClaim({ organisationId: ORG, characterId: CHARACTER, credentialId: CREDENTIAL }, T0);
  t.is(claim.expiresAt.getTime() - T0.getTime(), PRESENCE_CLAIM_TTL_MS);
  t.is(PRESENCE_CLAIM_TTL_MS, 60_000);
  t.is(overageOf(ORG, 10, null, T0), null);
  t.is(overageOf(ORG, 10, 10, T0), null);
  t.deepEqual(overageOf(ORG, 11, 10, T0), { organisationId: ORG, at: T0, connected: 11, max: 10 });
});

const handoff = (confirmInGame = false) =>
  MdtHandoff.issue(
    {
      tokenHash: 'h',
      organisationId: ORG,
      characterId: CHARACTER,
      credentialId: CREDENTIAL,
      departmentId: POLICE as DepartmentId,
      unitId: null,
      tier: 'basic',
      confirmInGame,
    },
    T0,
  );
const after = (ms: number) => new Date(T0.getTime() + ms);
const pairing = { pairingHash: 'p', codeHash: 'c' };

test('an MDT hand-off redeems once, within 120 seconds', (t) => {
  const h = handoff();
  t.is(h.expiresAt.getTime() - T0.getTime(), MDT_HANDOFF_TTL_MS);
  const first = h.exchange(after(MDT_HANDOFF_TTL_MS - 1), pairing);
  t.like(first, { ok: true, value: { kind: 'session' } });
  t.deepEqual(h.exchange(after(1), pairing), { ok: false, reason: 'invalid_handoff' });
  t.deepEqual(handoff().exchange(after(MDT_HANDOFF_TTL_MS), pairing), { ok: false, reason: 'invalid_handoff' });
  // A hand-off that needs no confirmation cannot be confirmed or collected.
  t.false(handoff().confirm('c', after(1)).ok);
  t.false(h.collect(after(2)).ok);
});

test('an MDT hand-off confirmed in the game: opened once, then confirmed with its code while the page waits, then collected once', (t) => {
  const h = handoff(true);
  t.deepEqual(h.collect(after(1)), { ok: false, reason: 'invalid_handoff' }, 'nothing to collect before a page opened it');
  t.false(h.confirm('c', after(1)).ok, 'nothing to confirm before a page opened it');
  const opened = h.exchange(after(1_000), pairing);
  t.deepEqual(opened, { ok: true, value: { kind: 'awaiting_confirmation', until: after(1_000 + MDT_CONFIRMATION_TTL_MS) } });
  t.deepEqual(h.exchange(after(1_001), pairing), { ok: false, reason: 'invalid_handoff' }, 'a second page cannot open it');
  t.like(h.collect(after(2_000)), { ok: true, value: { kind: 'awaiting_confirmation' } });
  t.deepEqual(h.confirm('wrong', after(3_000)), { ok: false, reason: 'invalid_or_expired_code' });
  t.deepEqual(h.confirm('c', after(4_000)), { ok: true, value: null });
  t.false(h.confirm('c', after(4_001)).ok, 'confirmed once');
  t.like(h.collect(after(5_000)), { ok: true, value: { kind: 'session' } });
  t.deepEqual(h.collect(after(5_001)), { ok: false, reason: 'invalid_handoff' }, 'its session is given once');
});

test('an MDT hand-off confirmed in the game lapses: no confirmation once the page has waited 120 seconds', (t) => {
  const h = handoff(true);
  h.exchange(after(MDT_HANDOFF_TTL_MS - 1), pairing);
  const lapsed = after(MDT_HANDOFF_TTL_MS - 1 + MDT_CONFIRMATION_TTL_MS);
  t.false(h.confirm('c', lapsed).ok);
  t.deepEqual(h.collect(lapsed), { ok: false, reason: 'invalid_handoff' });
});

test('confirmation codes are six characters of Crockford base-32', (t) => {
  t.is(confirmationCodeFromRandom(new Uint8Array([0, 1, 31, 32, 200, 255])), '01Z08Z');
  t.throws(() => confirmationCodeFromRandom(new Uint8Array(5)));
});
