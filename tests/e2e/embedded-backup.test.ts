import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { pino } from 'pino';
import { startService } from '../../composition/service.ts';
import { testHttpEngine } from '../support/http-engine.ts';
import { httpClient } from '../support/http-client.ts';
import { expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { runCli } from '../support/server-process.ts';

const silent = pino({ level: 'silent' });
const start = (dataDir: string) =>
  startService({ storage: { kind: 'embedded', dataDir }, port: 0, host: '127.0.0.1', logger: silent, httpEngine: testHttpEngine });

/** Decision 0036: `backup` with the service stopped, `restore` into a new directory; keys, credentials and tokens come back. */
test('a backup restored into a new directory serves the same credentials, keys and tokens; a running service is not backed up', async (t) => {
  t.timeout(600_000, 'several processes each open the embedded database');
  const root = await mkdtemp(join(tmpdir(), 'cad-backup-'));
  t.teardown(() => rm(root, { recursive: true, force: true }));
  const [dataDir, restoredDir, file] = [join(root, 'data'), join(root, 'restored'), join(root, 'cad.backup.tgz')];

  const first = await start(dataDir);
  const bootstrapKey = first.newBootstrapKey;
  if (bootstrapKey === null) return t.fail('a first start generates a bootstrap key');
  let http = httpClient(first.url);
  const org = await operatorOf(http, bootstrapKey).organisation();
  const departmentId = await org.department();
  await org.member(departmentId, '1-ADAM-1');
  const api = await org.apiCredential(['cad.unit.view']);
  const game = await org.gameCredential(departmentId, ['game.bolo.trigger']);
  const token = await tokenFor(http, api);
  t.is(expect(await http.get('/api/v1/units', { token }), 200).length, 1);

  const beside = runCli(['backup', file], { CAD_DATA_DIR: dataDir });
  t.is(beside.status, 1, beside.stderr);
  const besideRefusal = JSON.parse(beside.stderr) as { refused: string; message: string };
  t.is(besideRefusal.refused, 'data_directory_in_use');
  t.regex(besideRefusal.message, new RegExp(`in use by process ${process.pid} .*stop it`));
  t.false(existsSync(file), 'no backup file while the service runs');
  await first.close();

  const backup = runCli(['backup', file], { CAD_DATA_DIR: dataDir });
  t.is(backup.status, 0, backup.stderr);
  t.like(JSON.parse(backup.stdout), { backup: file });
  t.true(existsSync(file));
  const again = runCli(['backup', file], { CAD_DATA_DIR: dataDir });
  t.deepEqual(
    [again.status, JSON.parse(again.stderr)],
    [1, { refused: 'file_exists', message: `${file} exists already; name a new file` }],
  );

  const onto = runCli(['restore', file], { CAD_DATA_DIR: dataDir });
  t.deepEqual(
    [onto.status, JSON.parse(onto.stderr)],
    [1, { refused: 'directory_not_empty', message: `${dataDir} is not empty; restore into a new or empty directory` }],
  );
  const occupied = join(root, 'occupied');
  await mkdir(occupied);
  await writeFile(join(occupied, 'notes.txt'), 'keep me');
  t.is(runCli(['restore', file], { CAD_DATA_DIR: occupied }).status, 1);
  t.deepEqual(await readdir(occupied), ['notes.txt']);

  const restore = runCli(['restore', file], { CAD_DATA_DIR: restoredDir });
  t.is(restore.status, 0, restore.stderr);
  t.false(existsSync(join(restoredDir, 'cad.lock')), 'the lock the backup was taken under is not restored');

  const second = await start(restoredDir);
  t.teardown(() => second.close());
  t.is(second.newBootstrapKey, null, 'the restored database has its bootstrap key');
  http = httpClient(second.url);
  t.like(expect(await http.get('/api/v1/units', { token }), 200), [{ unitLabel: '1-ADAM-1' }], 'a token issued before the backup');
  t.is(expect(await http.get('/api/v1/units', { token: await tokenFor(http, api) }), 200).length, 1);
  t.truthy(await tokenFor(http, game), 'the game credential exchanges too');
  t.is(
    (await operatorOf(http, bootstrapKey).get(`/organisations/${org.organisationId}/audit`)).status,
    200,
    'the bootstrap key still works',
  );
});

test('backup and restore are for the embedded database only', (t) => {
  const reply = runCli(['backup', join(tmpdir(), 'never.tgz')], { CAD_STORAGE: 'memory' });
  t.is(reply.status, 2);
  t.regex(reply.stderr, /embedded database in CAD_DATA_DIR.*pg_dump/);
});
