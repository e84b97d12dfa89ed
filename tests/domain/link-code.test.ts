import test from 'ava';
import { LINK_CODE_TTL_MS, LinkCode, linkCodeFromRandom, normaliseLinkCode } from '../../domain/roster/link-code.ts';
import type { CharacterId } from '../../domain/shared/ids.ts';
import { ORG, T0 } from '../support/domain-builders.ts';

const characterId = '00000000-0000-7000-8000-0000000000c1' as CharacterId;
const issue = () => LinkCode.issue({ codeHash: 'h', organisationId: ORG, characterId }, T0);

test('a code is ten Crockford base-32 characters (50 bits) in two groups', (t) => {
  const code = linkCodeFromRandom(Uint8Array.from({ length: 10 }, (_, i) => i * 37));
  t.regex(code, /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  t.throws(() => linkCodeFromRandom(new Uint8Array(9)));
});

test('typed codes compare case-insensitively, ignoring dashes and spaces, with O=0 and I=L=1', (t) => {
  t.is(normaliseLinkCode('7k3qd-x9f2m'), normaliseLinkCode('7K3QD X9F2M'));
  t.is(normaliseLinkCode('O1IL0'), '01110');
});

test('a code redeems once, before it expires ten minutes after issue', (t) => {
  const code = issue();
  t.deepEqual(code.redeem(new Date(T0.getTime() + LINK_CODE_TTL_MS - 1)), { ok: true, value: characterId });
  t.deepEqual(code.redeem(new Date(T0.getTime() + 1)), { ok: false, reason: 'invalid_or_expired_code' });
});

test('a code is refused at its expiry', (t) => {
  t.deepEqual(issue().redeem(new Date(T0.getTime() + LINK_CODE_TTL_MS)), { ok: false, reason: 'invalid_or_expired_code' });
});
