import test from 'ava';
import { VerifiedTokens } from '../../adapters/http/verified-tokens.ts';

const HEADER = 'Bearer header.payload.signature';

test('a verified token is known by its exact header until its exp, and not a millisecond after', (t) => {
  const tokens = new VerifiedTokens();
  const now = Date.now();
  const exp = Math.floor(now / 1000) + 600;
  const claims = { sub: 'credential', exp };
  tokens.remember(HEADER, claims, now);
  t.is(tokens.claims(HEADER, now), claims);
  t.is(tokens.claims(HEADER, exp * 1000 - 1), claims);
  t.is(tokens.claims(HEADER, exp * 1000), undefined);
  t.is(tokens.claims(`${HEADER} `, now), undefined);
  t.is(tokens.claims('', now), undefined);
});

test('a token without an exp, or already expired, is not kept', (t) => {
  const tokens = new VerifiedTokens();
  const now = Date.now();
  tokens.remember('Bearer a', { sub: 'credential' }, now);
  tokens.remember('Bearer b', { sub: 'credential', exp: Math.floor(now / 1000) - 1 }, now);
  tokens.remember('Bearer c', null, now);
  t.is(tokens.claims('Bearer a', now), undefined);
  t.is(tokens.claims('Bearer b', now), undefined);
  t.is(tokens.claims('Bearer c', now), undefined);
});
