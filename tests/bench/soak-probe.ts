/**
 * Loaded into the soak's server process with `--import`, before the server entry: every
 * SOAK_PROBE_MS it appends one JSON line to SOAK_PROBE_FILE with the process's memory and its
 * active resources (handles and requests keeping the event loop alive). It changes nothing in the
 * server and never keeps it alive on its own.
 */
import { appendFileSync } from 'node:fs';

const file = process.env['SOAK_PROBE_FILE'];
const every = Number(process.env['SOAK_PROBE_MS'] ?? 5_000);

export interface ProbeSample {
  readonly at: number;
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly arrayBuffers: number;
  /** `process.getActiveResourcesInfo().length`. */
  readonly resources: number;
  /** The same, by kind (TCPSocketWrap, Timeout, FSReqCallback, ...). */
  readonly kinds: Record<string, number>;
}

function sample(): ProbeSample {
  const memory = process.memoryUsage();
  const active = process.getActiveResourcesInfo();
  const kinds: Record<string, number> = {};
  for (const kind of active) kinds[kind] = (kinds[kind] ?? 0) + 1;
  return { at: Date.now(), ...memory, resources: active.length, kinds };
}

if (file !== undefined && file !== '') {
  const write = () => appendFileSync(file, `${JSON.stringify(sample())}\n`);
  write();
  setInterval(write, every).unref();
}
