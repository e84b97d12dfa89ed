import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { runCli } from '../../adapters/cli/index.ts';
import { createCadCore } from '../../composition/core.ts';
import { runCliAsync } from '../support/server-process.ts';

async function cli(core: Awaited<ReturnType<typeof createCadCore>>, argv: string[], operatorKey?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, core.useCases, { out: (l) => out.push(l), err: (l) => err.push(l), operatorKey });
  return { code, out: out.length ? JSON.parse(out.join('\n')) : undefined, err: err.join('\n') };
}

test('an operator sets up an organisation and its credentials from the command line', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  const key = (await core.useCases.ensureBootstrapKey.execute())!;
  const { out: org } = await cli(core, ['organisation', 'create', 'Sandy Shores RP'], key);
  const { out: dept } = await cli(core, ['department', 'create', org.organisationId, 'bcso', 'Sheriff'], key);
  const game = await cli(
    core,
    ['credential', 'create', org.organisationId, '--kind', 'game', '--label', 'server', '--department', dept.departmentId, '--all-scopes'],
    key,
  );
  t.is(game.code, 0);
  t.like(game.out, {
    kind: 'game',
    departmentId: dept.departmentId,
    scopes: ['game.citation.issue', 'game.arrest.log', 'game.bolo.trigger'],
  });
  t.regex(game.out.clientSecret, /^cad_cs_/);
  const api = await cli(
    core,
    [
      'credential',
      'create',
      org.organisationId,
      '--kind',
      'generic_api_key',
      '--label',
      'cams',
      '--scopes',
      'records.bolo.manage, records.bolo.view',
    ],
    key,
  );
  t.deepEqual(api.out.scopes, ['records.bolo.view', 'records.bolo.manage']);
  const rotated = await cli(core, ['credential', 'rotate', api.out.clientId], key);
  t.regex(rotated.out.clientSecret, /^cad_cs_/);
  await cli(core, ['credential', 'revoke', game.out.clientId], key);
  const { out: list } = await cli(core, ['credential', 'list', org.organisationId], key);
  t.deepEqual(list.map((c: { status: string }) => c.status).sort(), ['active', 'revoked']);
  t.false(JSON.stringify(list).includes('cad_cs_'));
});

test('refusals exit 1, usage errors exit 2, and nothing runs without an operator key', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  const key = (await core.useCases.ensureBootstrapKey.execute())!;
  const refused = await cli(core, ['credential', 'create', '0190a5b6-0000-7000-8000-000000000000', '--kind', 'game', '--label', 'x'], key);
  t.deepEqual([refused.code, refused.err], [1, '{"refused":"not_found"}']);
  t.is((await cli(core, ['credential', 'create', 'x', '--kind', 'nonsense', '--label', 'x'], key)).code, 2);
  t.is((await cli(core, ['frobnicate'], key)).code, 2);
  t.is((await cli(core, ['organisation', 'create', 'x', '--bogus'], key)).code, 2);
  t.regex((await cli(core, ['credential', 'rotate', 'not-an-id'], key)).err, /not an id: not-an-id/);
  t.is(
    (
      await cli(
        core,
        ['credential', 'create', '0190a5b6-0000-7000-8000-000000000000', '--kind', 'game', '--label', 'x', '--department', 'nope'],
        key,
      )
    ).code,
    2,
  );
  t.deepEqual((await cli(core, ['organisation', 'create', 'x'])).code, 2);
  t.is((await cli(core, ['organisation', 'create', 'x'], 'cad_op_wrong')).code, 2);
});

const usageErrors = [
  ['frobnicate'],
  ['organisation', 'create'],
  ['organisation', 'create', 'a', 'b'],
  ['bootstrap-key', 'reset', 'extra'],
  ['credential', 'rotate'],
  ['credential', 'rotate', 'not-an-id'],
  ['credential', 'create', '0190a5b6-0000-7000-8000-000000000000', '--kind', 'nonsense', '--label', 'x'],
  ['credential', 'create', '0190a5b6-0000-7000-8000-000000000000', '--kind', 'game'],
  ['credential', 'create', '0190a5b6-0000-7000-8000-000000000000', '--kind', 'game', '--label', 'x', '--department', 'nope'],
  ['department', 'create', '0190a5b6-0000-7000-8000-000000000000', 'slug'],
  ['organisation', 'create', 'x', '--bogus'],
];

for (const argv of usageErrors) {
  test(`a usage error never opens the database: cli ${argv.join(' ') || '(nothing)'}`, async (t) => {
    const dataDir = join(tmpdir(), `cad-cli-never-${process.hrtime.bigint()}`);
    const run = await runCliAsync(argv, {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      CAD_DATA_DIR: dataDir,
      CAD_OPERATOR_KEY: 'cad_op_x',
    });
    t.is(run.status, 2);
    t.regex(run.stderr, /usage: npm run cli/);
    t.false(existsSync(dataDir));
  });
}

const commands = [
  ['bootstrap-key', 'reset'],
  ['organisation', 'create'],
  ['organisation', 'list'],
  ['department', 'create'],
  ['department', 'list'],
  ['character', 'list'],
  ['credential', 'create'],
  ['credential', 'list'],
  ['credential', 'rotate'],
  ['credential', 'revoke'],
  ['character', 'create'],
  ['member', 'add'],
  ['link-code', 'issue'],
];

test('`npm run cli` with no command lists every command on stdout and exits 0, without opening the database', (t) => {
  const dataDir = join(tmpdir(), `cad-cli-nothing-${process.hrtime.bigint()}`);
  const run = spawnSync('npm', ['run', '--silent', 'cli'], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', CAD_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  t.is(run.status, 0, run.stderr);
  t.is(run.stderr, '');
  t.regex(run.stdout, /^usage: npm run cli -- <command>/);
  t.regex(run.stdout, /organisation list/);
  t.false(existsSync(dataDir));
});

for (const command of [[], ...commands]) {
  test(`--help explains ${command.join(' ') || 'the tool'} on stdout, exits 0 and never opens the database`, async (t) => {
    const dataDir = join(tmpdir(), `cad-cli-help-${process.hrtime.bigint()}`);
    const run = await runCliAsync([...command, '--help'], {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      CAD_DATA_DIR: dataDir,
    });
    t.is(run.status, 0);
    t.is(run.stderr, '');
    t.regex(run.stdout, new RegExp(`^usage: npm run cli -- ${command.length === 0 ? '<command>' : command.join(' ')}`));
    t.false(existsSync(dataDir));
  });
}

test('an operator onboards a player from the command line: character, member with a callsign, link code', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  const key = (await core.useCases.ensureBootstrapKey.execute())!;
  const { out: org } = await cli(core, ['organisation', 'create', 'Blaine County RP'], key);
  const { out: dept } = await cli(core, ['department', 'create', org.organisationId, 'bcso', 'Sheriff'], key);
  const character = await cli(core, ['character', 'create', org.organisationId, 'Jane', 'Doe', '--date-of-birth', '1990-04-01'], key);
  t.is(character.code, 0);
  t.is(character.out.displayName, 'Jane Doe');
  const member = await cli(core, ['member', 'add', dept.departmentId, character.out.characterId, '--callsign', '2-BRAVO-7'], key);
  t.is(member.code, 0);
  t.is(member.out.unitLabel, '2-BRAVO-7');
  const again = await cli(core, ['member', 'add', dept.departmentId, character.out.characterId], key);
  t.is(again.code, 1);
  t.deepEqual(JSON.parse(again.err), { refused: 'already_member' });
  const code = await cli(core, ['link-code', 'issue', character.out.characterId], key);
  t.is(code.code, 0);
  t.true(Date.parse(code.out.expiresAt) > Date.now());
  const bad = await cli(core, ['character', 'create', org.organisationId, 'Jane', 'Doe', '--date-of-birth', '1990-02-30'], key);
  t.is(bad.code, 1);
  t.deepEqual(JSON.parse(bad.err), { refused: 'invalid_date_of_birth' });
});

test('--json is accepted and the output stays JSON', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  const key = (await core.useCases.ensureBootstrapKey.execute())!;
  const plain = await cli(core, ['organisation', 'create', 'Paleto RP'], key);
  const json = await cli(core, ['organisation', 'create', 'Grapeseed RP', '--json'], key);
  t.is(json.code, 0);
  t.deepEqual(Object.keys(json.out), Object.keys(plain.out));
});

test('a lost bootstrap key is replaced from the command line: the old one stops working', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'cad-cli-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const before = await createCadCore({ storage: { kind: 'embedded', dataDir } });
  const lost = (await before.useCases.ensureBootstrapKey.execute())!;
  await before.close();
  const run = await runCliAsync(['bootstrap-key', 'reset'], {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? '',
    CAD_DATA_DIR: dataDir,
  });
  t.is(run.status, 0, run.stderr);
  const { bootstrapKey } = JSON.parse(run.stdout);
  const after = await createCadCore({ storage: { kind: 'embedded', dataDir } });
  t.teardown(() => after.close());
  t.is(await after.useCases.authenticateOperator.execute(lost), null);
  t.true((await after.useCases.authenticateOperator.execute(bootstrapKey))?.isBootstrap);
});

test('lists of organisations, departments and characters read every page, with the permissions of the operator routes', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  const key = (await core.useCases.ensureBootstrapKey.execute())!;
  const names = Array.from({ length: 205 }, (_, i) => `Community ${String(i).padStart(3, '0')}`);
  const ids: string[] = [];
  for (const name of names) ids.push((await cli(core, ['organisation', 'create', name], key)).out.organisationId);
  const organisations = await cli(core, ['organisation', 'list'], key);
  t.is(organisations.code, 0);
  t.deepEqual(
    organisations.out.map((o: { organisationId: string; name: string }) => [o.organisationId, o.name]),
    ids.map((id, i) => [id, names[i]]),
    'more than one page of 200, oldest first',
  );
  const org = ids[0]!;
  const { out: dept } = await cli(core, ['department', 'create', org, 'lspd', 'Los Santos Police'], key);
  const { out: jane } = await cli(core, ['character', 'create', org, 'Jane', 'Doe'], key);
  t.deepEqual((await cli(core, ['department', 'list', org], key)).out, [
    { departmentId: dept.departmentId, slug: 'lspd', name: 'Los Santos Police', isActive: true },
  ]);
  t.like((await cli(core, ['character', 'list', org], key)).out, [{ characterId: jane.characterId, displayName: jane.displayName }]);
  t.deepEqual((await cli(core, ['character', 'list', ids[1]!], key)).out, []);

  // An organisation's own key reads its own lists only; the list of every organisation is the bootstrap key's.
  const own = await core.useCases.createOperatorKey.execute({
    operator: (await core.useCases.authenticateOperator.execute(key))!,
    organisationId: org as never,
    label: 'roster',
    permissions: ['roster.manage'],
  });
  t.true(own.ok);
  const ownKey = own.ok ? own.value.key : '';
  t.deepEqual(await cli(core, ['organisation', 'list'], ownKey), { code: 1, out: undefined, err: '{"refused":"forbidden"}' });
  t.is((await cli(core, ['character', 'list', org], ownKey)).code, 0);
  t.deepEqual((await cli(core, ['department', 'list', org], ownKey)).err, '{"refused":"forbidden"}');
  t.deepEqual((await cli(core, ['character', 'list', ids[1]!], ownKey)).err, '{"refused":"not_found"}');
});

test('the first owner is invited from the command line; their account is listed, given another role, and disabled', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  const key = (await core.useCases.ensureBootstrapKey.execute())!;
  const { out: org } = await cli(core, ['organisation', 'create', 'Paleto Bay RP'], key);
  const invited = await cli(core, ['invitation', 'create', org.organisationId, '--role', 'owner'], key);
  t.is(invited.code, 0);
  t.like(invited.out, { role: 'owner' });
  t.regex(invited.out.invitationPath, /^\/account\/#invitation=cad_inv_/);
  const token = decodeURIComponent(invited.out.invitationPath.split('#invitation=')[1]);
  const joined = await core.useCases.signUp.execute({
    way: { invitationToken: token },
    displayName: 'Paula Owner',
    username: 'paula',
    password: 'violet-harbour-47-lantern',
    userAgent: 'cli test',
  });
  t.true(joined.ok);
  const listed = await cli(core, ['account', 'list', org.organisationId], key);
  t.like(listed.out, [{ displayName: 'Paula Owner', role: 'owner', status: 'active' }]);
  const personId = listed.out[0].personId as string;
  t.like((await cli(core, ['account', 'set-role', org.organisationId, personId, '--role', 'admin'], key)).out, { role: 'admin' });
  t.like((await cli(core, ['account', 'disable', org.organisationId, personId], key)).out, { status: 'disabled' });
  const badRole = await cli(core, ['invitation', 'create', org.organisationId, '--role', 'sheriff'], key);
  t.is(badRole.code, 2);
});
