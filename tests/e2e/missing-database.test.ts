import { randomBytes } from 'node:crypto';
import test from 'ava';
import { MikroORM } from '@mikro-orm/postgresql';
import { whenPostgres } from '../support/postgres.ts';
import { exited, runCli, startServer, waitFor } from '../support/server-process.ts';

/** Whether the PostgreSQL server of `serverUrl` has a database of that name. */
async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const orm = await MikroORM.init({ clientUrl: serverUrl, entities: [], discovery: { warnWhenNoEntities: false } });
  try {
    const rows = await orm.em.getConnection().execute('select 1 from pg_database where datname = ?', [name]);
    return rows.length === 1;
  } finally {
    await orm.close(true);
  }
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const orm = await MikroORM.init({ clientUrl: serverUrl, entities: [], discovery: { warnWhenNoEntities: false } });
  try {
    await orm.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
  } finally {
    await orm.close(true);
  }
}

function urlOn(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

whenPostgres(test, 'a misspelt database name', (serverUrl) => {
  test('a start on a database that does not exist is refused, naming it, and creates nothing', async (t) => {
    const name = `cad_misspelt_${randomBytes(4).toString('hex')}`;
    const { child, output } = startServer({ PORT: '0', DATABASE_URL: urlOn(serverUrl, name), CAD_REALTIME_ENGINE: 'node' });
    t.teardown(() => child.kill('SIGKILL'));
    t.is(await exited(child), 1);
    t.regex(output(), new RegExp(`the database "${name}" does not exist on the PostgreSQL server 127\\.0\\.0\\.1:5432`));
    t.regex(output(), /CAD_CREATE_DATABASE=true/);
    t.notRegex(output(), /cad_op_/, 'no bootstrap key is made');
    t.false(await databaseExists(serverUrl, name));
    // The command-line tool reads the same settings and refuses the same way.
    const cli = runCli(['organisation', 'create', 'Los Santos RP'], { DATABASE_URL: urlOn(serverUrl, name), CAD_OPERATOR_KEY: 'x' });
    t.is(cli.status, 1);
    const refusal = JSON.parse(cli.stderr) as { refused: string; message: string };
    t.is(refusal.refused, 'database_missing');
    t.regex(refusal.message, new RegExp(`the database "${name}" does not exist`));
    t.false(await databaseExists(serverUrl, name));
  });

  test('told to create it, the service creates the database and says which one it migrated', async (t) => {
    const name = `cad_new_${randomBytes(4).toString('hex')}`;
    t.teardown(() => dropDatabase(serverUrl, name));
    const { child, output } = startServer({
      PORT: '0',
      DATABASE_URL: urlOn(serverUrl, name),
      CAD_CREATE_DATABASE: 'true',
      CAD_REALTIME_ENGINE: 'node',
    });
    t.teardown(() => child.kill('SIGKILL'));
    await waitFor(output, /listening on http:\/\/127\.0\.0\.1:\d+/, child);
    t.regex(output(), new RegExp(`"msg":"created the database ${name} on 127\\.0\\.0\\.1:5432"`));
    t.regex(output(), new RegExp(`"msg":"migrated the database ${name} on 127\\.0\\.0\\.1:5432: \\d+ migration\\(s\\) applied"`));
    t.regex(output(), new RegExp(`data in PostgreSQL database ${name} on 127\\.0\\.0\\.1:5432`));
    t.true(await databaseExists(serverUrl, name));
    const done = exited(child);
    child.kill('SIGTERM');
    t.is(await done, 0);
  });
});
