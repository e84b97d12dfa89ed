import { randomBytes } from 'node:crypto';
import type { ExecutionContext } from 'ava';
import { MikroORM } from '@mikro-orm/postgresql';
import { type HttpClient, httpClient } from './http-client.ts';
import { type ServerProcess, startServerProcess } from './processes.ts';
import { freshRedisPrefix } from './redis.ts';
import type { TestService } from './test-service.ts';

async function onServer<T>(url: string, work: (orm: MikroORM) => Promise<T>): Promise<T> {
  const orm = await MikroORM.init({ clientUrl: url, entities: [], discovery: { warnWhenNoEntities: false } });
  try {
    return await work(orm);
  } finally {
    await orm.close(true);
  }
}

/**
 * A database of its own on the PostgreSQL server of `serverUrl`, for service processes (which
 * take a URL, not a schema). Dropped by `drop`, even with connections still open.
 */
export async function freshDatabase(serverUrl: string, label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${label}_${randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, (orm) => orm.em.getConnection().execute(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await onServer(serverUrl, (orm) => orm.em.getConnection().execute(`drop database if exists "${name}" with (force)`));
    },
  };
}

export interface Instance {
  readonly name: string;
  readonly process: ServerProcess;
  readonly http: HttpClient;
  /** What the test drivers (bridgeWorld, operatorOf) need of a service: its client and the bootstrap key. */
  readonly app: TestService;
}

/**
 * Instances of the service as separate processes (`npm start`), all on one database and one Redis
 * under one fresh prefix, sharing a bootstrap key. Stopped at the test's teardown.
 */
export async function startInstances(
  t: ExecutionContext,
  options: {
    count: number;
    databaseUrl: string;
    redisUrl?: string;
    env?: Record<string, string>;
    launcher?: readonly string[];
  },
): Promise<Instance[]> {
  const bootstrapKey = `cad_op_test_${randomBytes(24).toString('base64url')}`;
  const prefix = freshRedisPrefix('instances');
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    CAD_BOOTSTRAP_KEY: bootstrapKey,
    ...(options.redisUrl === undefined ? {} : { REDIS_URL: options.redisUrl, CAD_REDIS_PREFIX: prefix }),
    ...options.env,
  };
  const instances: Instance[] = [];
  t.teardown(() => Promise.all(instances.map((instance) => instance.process.stop())).then(() => undefined));
  // One after the other: the first migrates the new database; the others find it done.
  for (let i = 0; i < options.count; i++) {
    const process = await startServerProcess(env, options.launcher);
    const http = httpClient(process.url);
    const name = String.fromCharCode(65 + i);
    instances.push({ name, process, http, app: { http, bootstrapKey } as unknown as TestService });
  }
  return instances;
}
