import test from 'ava';
import { ConnectionException, DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { StoreUnavailable } from '../../application/ports/persistence-errors.ts';
import { asPortError, guardedAgainstConnectionFaults } from '../../adapters/persistence-mikro-orm/connection-faults.ts';
import { connectTimeoutMs } from '../../adapters/persistence-mikro-orm/connect-timeout.ts';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

test('what a lost or unreachable PostgreSQL throws becomes StoreUnavailable', (t) => {
  const faults = [
    coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    coded('read ECONNRESET', 'ECONNRESET'),
    coded('terminating connection due to administrator command', '57P01'),
    coded('the database system is starting up', '57P03'),
    coded('sorry, too many clients already', '53300'),
    coded('connection failure', '08006'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Client has encountered a connection error and is not queryable'),
    new DriverException(coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
    new ConnectionException(new Error('whatever the driver said')),
    new Error('the query failed', { cause: coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED') }),
    new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'all addresses failed'),
  ];
  for (const fault of faults) t.true(asPortError(fault) instanceof StoreUnavailable, fault.message);
});

test('other failures pass unchanged', (t) => {
  const others = [
    new UniqueConstraintViolationException(coded('duplicate key', '23505')),
    coded('syntax error', '42601'),
    new TypeError('a bug'),
    'not even an error',
  ];
  for (const other of others) t.is(asPortError(other), other);
});

test('the guarded store maps failures from every member, and keeps synchronous results synchronous', async (t) => {
  const store = guardedAgainstConnectionFaults({
    repo: {
      rows: 3,
      async load() {
        throw coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
      },
      count(this: { rows: number }) {
        return this.rows;
      },
    },
    ping: async () => {
      throw new Error('Connection terminated unexpectedly');
    },
  });
  await t.throwsAsync(store.repo.load(), { instanceOf: StoreUnavailable });
  await t.throwsAsync(store.ping(), { instanceOf: StoreUnavailable });
  t.is(store.repo.count(), 3);
});

test('connect_timeout in the URL bounds the wait for a connection; 30 s without it', (t) => {
  t.is(connectTimeoutMs('postgresql://db/cad'), 30000);
  t.is(connectTimeoutMs('postgresql://db/cad?connect_timeout=2'), 2000);
  t.is(connectTimeoutMs('postgresql://db/cad?connect_timeout=0'), 30000);
  t.is(connectTimeoutMs('postgresql://db/cad?connect_timeout=soon'), 30000);
});
