import test from 'ava';
import { callerAddress } from '../../adapters/http/stages/caller-address.ts';

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

test('a port written after the address by a proxy is dropped', (t) => {
  t.is(callerAddress('198.51.100.9:40001'), '198.51.100.9');
  t.is(callerAddress('[2001:db8:9:9::1]:40001'), '2001:db8:9:9::/64');
});

test('everything unreadable shares one budget, so varying it escapes nothing', (t) => {
  t.is(callerAddress('unknown'), 'unreadable');
  t.is(callerAddress('not-an-ip:1234'), 'unreadable');
  t.is(callerAddress('999.1.1.1'), 'unreadable');
});
