/**
 * How long a password sign-in takes for each kind of answer, measured in one run, interleaved, so
 * the kinds share the machine's noise: an unknown name and a wrong password must be
 * indistinguishable (each verifies an argon2id hash), and both close to a success, which also
 * opens a session. Each account's attempt budget is raised out of the way for the measurement.
 *
 * By default every answer waits out the 250 ms floor; `--floor 0` shows the raw differences.
 *
 *   npm run bench:sign-in-timing [-- --rounds 100] [-- --storage memory|embedded] [-- --floor 0]
 */
import { parseArgs } from 'node:util';
import { createCadCore } from '../../composition/core.ts';
import type { StorageOption } from '../../composition/storage.ts';
import type { RateLimiter } from '../../application/ports/rate-limiter.ts';
import { printTimings, timeInterleaved } from './interleaved-timing.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '100' }, storage: { type: 'string', default: 'memory' }, floor: { type: 'string' } },
});
const rounds = Number(values.rounds);
const floor = values.floor === undefined ? undefined : Number(values.floor);
const storage: StorageOption = values.storage === 'embedded' ? { kind: 'embedded' } : { kind: 'memory' };

const core = await createCadCore({ storage, signInFloorMs: floor });
// The attempt budget would stop a benchmark of wrong attempts after ten; here it never refuses.
(core.rateLimiter as { consume: RateLimiter['consume'] }).consume = async () => ({
  allowed: true,
  limit: 1,
  remaining: 1,
  resetSeconds: 0,
});
const { useCases } = core;
const operator = (await useCases.authenticateOperator.execute((await useCases.ensureBootstrapKey.execute())!))!;
const org = await useCases.createOrganisation.execute({ operator, name: 'bench', settings: {} });
if (!org.ok) throw new Error(org.reason);
const invited = await useCases.createInvitation.execute({ operator, organisationId: org.value.id, role: 'dispatcher' });
if (!invited.ok) throw new Error(invited.reason);
const password = 'violet-harbour-47-lantern';
const joined = await useCases.signUp.execute({
  way: { invitationToken: invited.value.token },
  displayName: 'Bench Person',
  username: 'bench.person',
  password,
  userAgent: 'bench',
});
if (!joined.ok) throw new Error(joined.reason);

const cases: Record<string, { username: string; password: string }> = {
  'success (baseline)': { username: 'bench.person', password },
  'unknown name': { username: 'nobody.here', password },
  'wrong password': { username: 'bench.person', password: `${password}x` },
};
const signIn = (input: { username: string; password: string }) => useCases.signInWithPassword.execute({ ...input, userAgent: 'bench' });
const rows = await timeInterleaved(cases, signIn, { rounds, warmup: 5, unit: 'ms' });
await core.close();

const [, unknown, wrong] = rows;
console.log(
  `password sign-in timing, ${rounds} rounds each, storage ${storage.kind}, floor ${floor ?? 'default'} ms, node ${process.version}`,
);
printTimings(rows, 'ms');
const spread = Math.abs(unknown!.p50 - wrong!.p50);
console.log(
  `unknown name vs wrong password, p50: ${spread.toFixed(2)} ms apart (${((spread / rows[0]!.p50) * 100).toFixed(1)} % of the baseline median)`,
);
