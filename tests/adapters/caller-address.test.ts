import test from 'ava';
import { callerAddress } from '../../adapters/http-koa/middleware/caller-address.ts';

test('IPv4 callers are counted by address, also when mapped into IPv6', (t) => {
  t.is(callerAddress('203.0.113.7'), '203.0.113.7');
  t.is(callerAddress('::ffff:203.0.113.7'), '203.0.113.7');
});

test('IPv6 callers are counted by their /64, however the address is written', (t) => {
  const network = '2001:db8:85a3:42::/64';
  for (const ip of ['2001:db8:85a3:42::1', '2001:0db8:85a3:0042:ffff:ffff:ffff:ffff', '2001:DB8:85A3:42:0:0:0:7'])
    t.is(callerAddress(ip), network, ip);
  t.not(callerAddress('2001:db8:85a3:43::1'), network);
});

test('something that is not an address is counted as written', (t) => {
  t.is(callerAddress('unknown'), 'unknown');
});
