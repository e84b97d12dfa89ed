import test from 'ava';
import { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import { Plate } from '../../domain/records/plate.ts';
import { formatRecordNumber } from '../../domain/records/record-number.ts';
import { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import { isDepartmentSlug } from '../../domain/organisation/department.ts';
import { Character } from '../../domain/roster/character.ts';

for (const [a, b] of [
  ['12ABC345', '12abc345'],
  ['12 ABC 345', '12ABC345'],
  [' 12abc 345 ', '12 A B C 345'],
] as const) {
  test(`plates "${a}" and "${b}" are the same plate`, (t) => {
    const plate = Plate.parse(a);
    t.true(plate.ok && plate.value.matches(b));
  });
}

test('plates that differ by a character are different', (t) => {
  const plate = Plate.parse('12ABC345');
  t.true(plate.ok && !plate.value.matches('12ABC346'));
});

for (const bad of ['', '   ', 'ABC$12', 'A'.repeat(17)]) {
  test(`"${bad}" is not a plate`, (t) => {
    t.deepEqual(Plate.parse(bad), { ok: false, reason: 'invalid_plate' });
  });
}

for (const good of ['1990-01-31', '2000-02-29', '1850-12-01']) {
  test(`${good} is a date of birth`, (t) => {
    t.like(DateOfBirth.parse(good), { ok: true, value: { iso: good } });
  });
}

for (const bad of [
  '1990-1-31',
  '31/01/1990',
  '1990-02-30',
  '1999-02-29',
  '1990-13-01',
  '19900131',
  '1990-01-31T00:00:00Z',
  '0990-01-01',
  '',
]) {
  test(`"${bad}" is not a YYYY-MM-DD date of birth`, (t) => {
    t.deepEqual(DateOfBirth.parse(bad), { ok: false, reason: 'invalid_date_of_birth' });
  });
}

test('identifiers need at least one key, each 1 to 128 characters', (t) => {
  t.deepEqual(PlayerIdentifiers.from({}), { ok: false, reason: 'invalid_identifiers' });
  t.deepEqual(PlayerIdentifiers.from({ license: '' }), { ok: false, reason: 'invalid_identifiers' });
  t.deepEqual(PlayerIdentifiers.from({ license: 'x'.repeat(129) }), { ok: false, reason: 'invalid_identifiers' });
  t.true(PlayerIdentifiers.from({ chat: 'x'.repeat(128) }).ok);
});

test('a player resolves by the first linked key in the order license, game, store, chat', (t) => {
  const ids = PlayerIdentifiers.from({ chat: 'c1', store: 's1', game: 'g1', license: 'l1' });
  if (!ids.ok) return t.fail();
  t.deepEqual(
    ids.value.entries.map((e) => e.kind),
    ['license', 'game', 'store', 'chat'],
  );
  const links = [
    { kind: 'chat', value: 'c1', characterId: 'chat-char' },
    { kind: 'store', value: 's1', characterId: 'store-char' },
  ] as const;
  t.is(ids.value.resolve(links)?.characterId, 'store-char');
  t.is(ids.value.resolve([{ kind: 'license', value: 'other', characterId: 'x' }]), undefined);
});

test('record numbers: prefix, two-digit year, six-digit sequence', (t) => {
  t.is(formatRecordNumber('call', 2026, 123), 'C-26-000123');
  t.is(formatRecordNumber('bolo', 2031, 1), 'B-31-000001');
  t.is(formatRecordNumber('citation', 2026, 1_000_000), 'CT-26-1000000');
  t.throws(() => formatRecordNumber('arrest', 2026, 0));
});

test('map points: Euclidean distance, finite coordinates only', (t) => {
  t.is(MapPoint.of(0, 0).distanceTo(MapPoint.of(3, 4)), 5);
  t.throws(() => MapPoint.of(Number.NaN, 0));
  t.throws(() => MapPoint.of(0, Number.POSITIVE_INFINITY));
});

test('department slugs are lower-case words joined by dashes', (t) => {
  for (const slug of ['lspd', 'sheriff-office', 'ems2']) t.true(isDepartmentSlug(slug), slug);
  for (const slug of ['LSPD', 'a--b', '-a', 'a b', '', 'x'.repeat(65)]) t.false(isDepartmentSlug(slug), slug);
});

test('a single character name splits at its last space', (t) => {
  t.deepEqual(Character.splitName('  Jane  Q  Doe '), { firstName: 'Jane Q', lastName: 'Doe' });
  t.deepEqual(Character.splitName('Madonna'), { firstName: 'Madonna', lastName: '' });
});
