import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { exited, runCli, startServer, waitFor } from '../support/server-process.ts';
import { migrations } from '../../adapters/persistence-mikro-orm/migrations/index.ts';
import { type UpgradeFacts, tokenOf } from './upgrade-world.ts';

/**
 * An upgrade, as `docs/deployment.md` describes it: the previous release's data (made by that
 * release itself, `scripts/make-upgrade-fixture.sh`), on the embedded database (its own backup,
 * restored by this release's command line) and on PostgreSQL (a dump), then this release started
 * on it, as `npm start` starts it. Its new migrations run at start, and everything the previous
 * release held still works: keys, credentials and their secrets, the linked officer and the unit,
 * the call, the records, a person's password.
 */

const FIXTURES = new URL('fixtures/', import.meta.url);
const previous = readFileSync(new URL('PREVIOUS_RELEASE', FIXTURES), 'utf8').trim();
const fixture = (name: string) => new URL(`release-${previous}.${name}`, FIXTURES);
/** The migrations this release has beyond the previous one's (which ended with the last one named here). */
const PREVIOUS_LAST_MIGRATION = '0011-join-rules-and-roles';
const newMigrations = migrations.map((m) => m.name).slice(migrations.findIndex((m) => m.name === PREVIOUS_LAST_MIGRATION) + 1);

/** The migrations the start says it applied. */
function applied(output: string): string[] {
  const line = output.split('\n').find((l) => l.includes('"msg":"migrated the database'));
  return line === undefined ? [] : (JSON.parse(line) as { migrations: string[] }).migrations;
}

const factsOf = (store: 'embedded' | 'postgres') => JSON.parse(readFileSync(fixture(`${store}.facts.json`), 'utf8')) as UpgradeFacts;

async function call(base: string, method: string, path: string, options: { token?: string; body?: unknown; origin?: string } = {}) {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      ...(options.origin === undefined ? {} : { origin: options.origin }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: reply.status, body: (await reply.json().catch(() => null)) as any };
}

/** Everything the previous release held, read and used through this release's routes. */
async function stillServes(t: ExecutionContext, base: string, facts: UpgradeFacts) {
  const organisation = await call(base, 'GET', `/api/v1/admin/organisations/${facts.organisationId}`, { token: facts.bootstrapKey });
  t.like(organisation, { status: 200, body: { organisationId: facts.organisationId, name: 'Upgrade RP' } }, 'the bootstrap key');

  const api = await tokenOf(base, facts.api);
  const units = await call(base, 'GET', '/api/v1/units', { token: api });
  t.like(
    (units.body as { unitId: string }[]).find((u) => u.unitId === facts.officer.unitId),
    { unitId: facts.officer.unitId, status: 'AVAILABLE' },
    'the officer’s unit, still on duty',
  );
  const calls = await call(base, 'GET', '/api/v1/cad/calls', { token: api });
  t.true(
    (calls.body as { callNumber: string }[]).some((c) => c.callNumber === facts.callNumber),
    'the 911 call',
  );

  const game = await tokenOf(base, facts.game, '/api/v1/integrations/game/token');
  const plate = await call(base, 'POST', '/api/v1/integrations/game/lookup/vehicle', {
    token: game,
    body: { identifiers: facts.officer.identifiers, plate: facts.plate },
  });
  t.like(
    plate.body,
    { found: true, vehicle: { plate: facts.plate, ownerDisplayName: 'Franklin Keeper' } },
    'the linked officer looks up the plate',
  );
  const duty = await call(base, 'POST', '/api/v1/integrations/game/duty', {
    token: game,
    body: { identifiers: facts.officer.identifiers, departmentSlug: 'lspd', onDuty: false },
  });
  t.like(duty.body, { synced: true, unitId: facts.officer.unitId }, 'and goes off duty');

  const board = await call(base, 'GET', `/api/v1/admin/organisations/${facts.organisationId}/calls`, { token: facts.dispatcherKey });
  t.is(board.status, 200, 'the dispatcher’s key');
  const signIn = await call(base, 'POST', '/api/v1/auth/sign-in', { body: facts.person, origin: base });
  t.is(signIn.status, 200, 'the person’s password');
}

async function startedOn(t: ExecutionContext, env: Record<string, string>) {
  const { child, output } = startServer({ PORT: '0', LOG_LEVEL: 'info', CAD_REALTIME_ENGINE: 'node', ...env });
  t.teardown(() => child.kill('SIGKILL'));
  const [, url] = await waitFor(output, /listening on (http:\/\/127\.0\.0\.1:\d+)/, child);
  return { url: url!, output, stop: async () => (child.kill('SIGTERM'), await exited(child)) };
}

test('the previous release’s embedded database, restored from its own backup, upgrades when this release starts on it', async (t) => {
  t.timeout(180_000);
  const dir = await mkdtemp(join(tmpdir(), 'cad-upgrade-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const facts = factsOf('embedded');
  const dataDir = join(dir, 'data');
  const restored = runCli(['restore', fixture('embedded.tgz').pathname], { CAD_DATA_DIR: dataDir });
  t.is(restored.status, 0, restored.stderr);
  const service = await startedOn(t, { CAD_DATA_DIR: dataDir });
  t.deepEqual(applied(service.output()), newMigrations, 'this release’s migrations, and only those, ran at start');
  await stillServes(t, service.url, facts);
  t.is(await service.stop(), 0);
});

const DATABASE_URL = process.env['DATABASE_URL'];
if (DATABASE_URL === undefined)
  test.skip('the previous release’s PostgreSQL database upgrades (SKIPPED: set DATABASE_URL)', () => undefined);
else
  test('the previous release’s PostgreSQL database, loaded from its dump, upgrades when this release starts on it', async (t) => {
    t.timeout(180_000);
    const name = `cad_upgrade_${randomBytes(4).toString('hex')}`;
    const admin = (sql: string) => execFileSync('psql', [DATABASE_URL, '-qAtc', sql]);
    admin(`create database ${name}`);
    t.teardown(() => admin(`drop database if exists ${name} with (force)`));
    const url = new URL(DATABASE_URL);
    url.pathname = `/${name}`;
    execFileSync('psql', [url.toString(), '-q', '-v', 'ON_ERROR_STOP=1', '-f', fixture('postgres.sql').pathname], { stdio: 'pipe' });
    const service = await startedOn(t, { DATABASE_URL: url.toString() });
    t.deepEqual(applied(service.output()), newMigrations, 'this release’s migrations, and only those, ran at start');
    await stillServes(t, service.url, factsOf('postgres'));
    t.is(await service.stop(), 0);
  });
