/**
 * Times several cases of one operation in one run, interleaved in a new order every round, so the
 * cases share the machine's noise; then prints each case's p50, p90 and p99 with the first case as
 * the baseline. The timing benchmarks of the token exchange and of the password sign-in use it.
 */
export async function timeInterleaved<Input>(
  cases: Record<string, Input>,
  run: (input: Input) => Promise<unknown>,
  options: { rounds: number; warmup: number; unit: 'µs' | 'ms' },
): Promise<Array<{ name: string; p50: number; p90: number; p99: number }>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let i = 0; i < options.warmup; i++) for (const input of Object.values(cases)) await run(input);
  const entries = Object.entries(cases);
  const scale = options.unit === 'µs' ? 1e3 : 1e6;
  for (let i = 0; i < options.rounds; i++) {
    // A new order every round, so no case always follows the same one.
    for (let j = entries.length - 1; j > 0; j--) {
      const k = Math.floor(Math.random() * (j + 1));
      [entries[j], entries[k]] = [entries[k]!, entries[j]!];
    }
    for (const [name, input] of entries) {
      const started = process.hrtime.bigint();
      await run(input);
      samples[name]!.push(Number(process.hrtime.bigint() - started) / scale);
    }
  }
  const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return Object.entries(samples).map(([name, list]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { name, p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), p99: quantile(sorted, 0.99) };
  });
}

/** The table of a timing run, in the unit measured. */
export function printTimings(rows: ReadonlyArray<{ name: string; p50: number; p90: number; p99: number }>, unit: 'µs' | 'ms'): void {
  const digits = unit === 'µs' ? 1 : 2;
  console.log(`case                  p50 ${unit}    p90 ${unit}    p99 ${unit}`);
  for (const r of rows)
    console.log(
      `${r.name.padEnd(20)} ${r.p50.toFixed(digits).padStart(7)} ${r.p90.toFixed(digits).padStart(9)} ${r.p99.toFixed(digits).padStart(9)}`,
    );
}
