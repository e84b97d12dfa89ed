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
const joined = await useCases.signUpByInvitation.execute({
  invitationToken: invited.value.token,
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
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
const signIn = (input: { username: string; password: string }) => useCases.signInWithPassword.execute({ ...input, userAgent: 'bench' });
for (let i = 0; i < 5; i++) for (const input of Object.values(cases)) await signIn(input);
const entries = Object.entries(cases);
for (let i = 0; i < rounds; i++) {
  for (let j = entries.length - 1; j > 0; j--) {
    const k = Math.floor(Math.random() * (j + 1));
    [entries[j], entries[k]] = [entries[k]!, entries[j]!];
  }
  for (const [name, input] of entries) {
    const started = process.hrtime.bigint();
    await signIn(input);
    samples[name]!.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
}
await core.close();

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const rows = Object.entries(samples).map(([name, list]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { name, p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), p99: quantile(sorted, 0.99) };
});
const [, unknown, wrong] = rows;
console.log(
  `password sign-in timing, ${rounds} rounds each, storage ${storage.kind}, floor ${floor ?? 'default'} ms, node ${process.version}`,
);
console.log('case                  p50 ms    p90 ms    p99 ms');
for (const r of rows)
  console.log(`${r.name.padEnd(20)} ${r.p50.toFixed(2).padStart(7)} ${r.p90.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(9)}`);
const spread = Math.abs(unknown!.p50 - wrong!.p50);
console.log(
  `unknown name vs wrong password, p50: ${spread.toFixed(2)} ms apart (${((spread / rows[0]!.p50) * 100).toFixed(1)} % of the baseline median)`,
);
