import { randomBytes, randomUUID } from 'node:crypto';
import test from 'ava';
import pg from 'pg';
import { httpClient } from '../support/http-client.ts';
import { expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { DATABASE_URL } from '../support/postgres.ts';
import { privatePostgres, privatePostgresProblem } from '../support/private-postgres.ts';
import { PROCESS_TEST_TIMEOUT_MS, eventually, oneProcessTestAtATime, sleep } from '../support/processes.ts';
import { exited, startServer, waitFor } from '../support/server-process.ts';

/**
 * The service killed (SIGKILL) after its write committed and before it answered (decision 0085).
 * The moment is made by the database, seen from outside, with no hook in the service: the test's
 * own cluster is told to wait for a synchronous standby that does not exist, so a COMMIT is
 * written to the WAL and then waits (`pg_stat_activity.wait_event = 'SyncRep'`) before it
 * returns. The test kills the service there, lets the commit finish (no standby needed any
 * more), starts the service again and retries with the key: one call, and the answer that was
 * kept with it in the same transaction.
 */

const BRIDGE = '/api/v1/integrations/game';

if (DATABASE_URL === undefined) {
  test.skip('killed between commit and answer: SKIPPED, set DATABASE_URL to run the PostgreSQL suites', () => undefined);
} else if (privatePostgresProblem !== null) {
  test.skip(`killed between commit and answer: SKIPPED, no private cluster can be made here (${privatePostgresProblem})`, () => undefined);
} else {
  test.serial(
    'a /911 whose service was killed after the commit and before the answer: the retry with its key replays it, one call',
    async (t) => {
      t.timeout(PROCESS_TEST_TIMEOUT_MS);
      await oneProcessTestAtATime(t);
      const cluster = await privatePostgres();
      t.teardown(() => cluster.destroy());
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      t.teardown(() => admin.end());
      const env = {
        PORT: '0',
        HOST: '127.0.0.1',
        CAD_STORAGE: 'postgres',
        DATABASE_URL: cluster.url,
        CAD_BOOTSTRAP_KEY: `cad_op_test_${randomBytes(24).toString('base64url')}`,
        LOG_LEVEL: 'info',
      };
      const start = async () => {
        const server = startServer(env);
        t.teardown(() => server.child.kill('SIGKILL'));
        const [, url] = await waitFor(server.output, /listening on (http:\/\/127\.0\.0\.1:\d+)/, server.child);
        return { ...server, http: httpClient(url!) };
      };

      const first = await start();
      const org = await operatorOf(first.http, env.CAD_BOOTSTRAP_KEY).organisation();
      const departmentId = await org.department('lspd');
      const token = await tokenFor(first.http, await org.gameCredential(departmentId, []));
      const identifiers = { license: 'license:killed-officer' };
      expect(await first.http.post(`${BRIDGE}/duty`, { identifiers, departmentSlug: 'lspd', onDuty: true }, { token }), 200);

      // From now on a COMMIT reaches the WAL and then waits for a standby that never comes.
      await admin.query("alter system set synchronous_standby_names = 'absent_standby'");
      await admin.query('select pg_reload_conf()');
      await sleep(500);
      const key = randomUUID();
      const description = `killed before answering ${key}`;
      const report = () =>
        first.http.post(`${BRIDGE}/911`, { identifiers, mapX: 5, mapY: 6, description }, { token, headers: { 'idempotency-key': key } });
      const lost = report().then(
        (reply) => `answered ${reply.status}`,
        () => 'no answer',
      );
      await eventually('the commit written and waiting', 30_000, async () => {
        const { rows } = await admin.query("select 1 from pg_stat_activity where wait_event = 'SyncRep'");
        return rows.length > 0 ? true : undefined;
      });
      first.child.kill('SIGKILL');
      await exited(first.child);
      t.is(await lost, 'no answer', 'the client never got an answer');

      // The commit stands: with no standby asked for, the waiting transaction completes.
      await admin.query('alter system reset synchronous_standby_names');
      await admin.query('select pg_reload_conf()');
      const calls = await eventually('the committed call', 30_000, async () => {
        const { rows } = await admin.query('select id from calls where description = $1', [description]);
        return rows.length > 0 ? rows : undefined;
      });
      t.is(calls.length, 1);

      const second = await start();
      const retry = await second.http.post(
        `${BRIDGE}/911`,
        { identifiers, mapX: 5, mapY: 6, description },
        { token, headers: { 'idempotency-key': key } },
      );
      t.is(retry.status, 200);
      t.is(retry.headers.get('idempotent-replayed'), 'true');
      t.like(retry.body, { reported: true, callId: calls[0]!['id'] });
      const { rows } = await admin.query('select count(*)::int as n from calls where description = $1', [description]);
      t.is(rows[0]!['n'], 1, 'the retry created nothing');
    },
  );
}
