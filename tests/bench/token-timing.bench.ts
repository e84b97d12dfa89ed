/**
 * How long a token exchange takes for each kind of answer, measured in one run, interleaved, so
 * the kinds share the machine's noise. Unknown id, wrong secret, revoked credential and wrong
 * path should be indistinguishable from each other (and close to a success, which also signs a JWT).
 *
 * By default every answer waits out the 25 ms floor; `--floor 0` shows the raw differences.
 *
 *   npm run bench:token-timing [-- --rounds 1000] [-- --storage memory|embedded] [-- --floor 0]
 */
import { parseArgs } from 'node:util';
import { createCadCore } from '../../composition/core.ts';
import type { StorageOption } from '../../composition/storage.ts';
import type { CredentialKind } from '../../domain/credential/credential.ts';
import type { DepartmentId } from '../../domain/shared/ids.ts';
import { printTimings, timeInterleaved } from './interleaved-timing.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '1000' }, storage: { type: 'string', default: 'memory' }, floor: { type: 'string' } },
});
const rounds = Number(values.rounds);
const floor = values.floor === undefined ? undefined : Number(values.floor);
const storage: StorageOption = values.storage === 'embedded' ? { kind: 'embedded' } : { kind: 'memory' };

const core = await createCadCore({ storage, tokenExchangeFloorMs: floor });
const { useCases } = core;
const operator = (await useCases.authenticateOperator.execute((await useCases.ensureBootstrapKey.execute())!))!;
const org = await useCases.createOrganisation.execute({ operator, name: 'bench', settings: {} });
if (!org.ok) throw new Error(org.reason);
const organisationId = org.value.id;
const department = await useCases.createDepartment.execute({ operator, organisationId, slug: 'lspd', name: 'LSPD' });
if (!department.ok) throw new Error(department.reason);
const make = async (kind: CredentialKind) => {
  const made = await useCases.createCredential.execute({
    operator,
    organisationId,
    kind,
    label: kind,
    departmentId: kind === 'game' ? (department.value.id as DepartmentId) : null,
    scopes: [],
    allScopes: true,
  });
  if (!made.ok) throw new Error(made.reason);
  return { clientId: made.value.credential.id as string, clientSecret: made.value.clientSecret };
};
const api = await make('generic_api_key');
const revoked = await make('generic_api_key');
await useCases.revokeCredential.execute({ operator, clientId: revoked.clientId as never });
const game = await make('game');

const cases: Record<string, { clientId: string; clientSecret: string; kind: CredentialKind }> = {
  'success (baseline)': { ...api, kind: 'generic_api_key' },
  'unknown id': { clientId: '0190a5b6-0000-7000-8000-000000000000', clientSecret: api.clientSecret, kind: 'generic_api_key' },
  'wrong secret': { clientId: api.clientId, clientSecret: `${api.clientSecret.slice(0, -1)}x`, kind: 'generic_api_key' },
  revoked: { ...revoked, kind: 'generic_api_key' },
  'wrong path': { ...game, kind: 'generic_api_key' },
};
const rows = await timeInterleaved(cases, (input) => useCases.exchangeToken.execute(input), { rounds, warmup: 50, unit: 'µs' });
await core.close();

const failures = rows.slice(1);
const spread = Math.max(...failures.map((r) => r.p50)) - Math.min(...failures.map((r) => r.p50));
console.log(
  `token exchange timing, ${rounds} rounds each, storage ${storage.kind}, floor ${floor ?? 'default'} ms, node ${process.version}`,
);
printTimings(rows, 'µs');
console.log(
  `spread of the failure medians: ${spread.toFixed(1)} µs (${((spread / rows[0]!.p50) * 100).toFixed(1)} % of the baseline median)`,
);
