import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { type Socket as ClientSocket, io } from 'socket.io-client';
import { officerOnACall } from '../support/bridge-driver.ts';
import { type Instance, freshDatabase, startInstances } from '../support/instances.ts';
import { DATABASE_URL } from '../support/postgres.ts';
import { eventually, freePort, oneProcessTestAtATime, PROCESS_TEST_TIMEOUT_MS } from '../support/processes.ts';
import { connected, within } from '../support/realtime-client.ts';
import { REDIS_URL } from '../support/redis.ts';

/**
 * The deployment guide's third layout, as written: two instances behind Debian's nginx, with the
 * configuration taken from `docs/deployment.md` (addresses replaced). Resources connect through
 * nginx on both Socket.IO transports and receive each event once; the per-address limit counts the
 * address nginx saw, across both instances.
 */

const NGINX = '/usr/sbin/nginx';

/** The guide's nginx block, pointed at the test's instances and port. */
async function guideConfig(upstreams: readonly number[], port: number): Promise<string> {
  const guide = await readFile('docs/deployment.md', 'utf8');
  const block = /<!-- nginx-config:start -->\s*```nginx\n([\s\S]*?)```\s*<!-- nginx-config:end -->/.exec(guide)?.[1];
  if (block === undefined) throw new Error('docs/deployment.md has no nginx-config block');
  return block
    .replaceAll('10.0.0.11:8080', `127.0.0.1:${upstreams[0]}`)
    .replaceAll('10.0.0.12:8080', `127.0.0.1:${upstreams[1]}`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
}

/** nginx in the foreground, everything it writes in `dir`; root, so that workers can write there. */
async function startNginx(dir: string, site: string): Promise<ChildProcess> {
  const paths = (name: string) => join(dir, name);
  const main = `
user root;
daemon off;
worker_processes 1;
pid ${paths('nginx.pid')};
error_log ${paths('error.log')} warn;
events { worker_connections 256; }
http {
  access_log ${paths('access.log')};
  client_body_temp_path ${paths('client_body')};
  proxy_temp_path ${paths('proxy')};
  fastcgi_temp_path ${paths('fastcgi')};
  uwsgi_temp_path ${paths('uwsgi')};
  scgi_temp_path ${paths('scgi')};
${site}
}
`;
  await writeFile(paths('nginx.conf'), main);
  const child = spawn(NGINX, ['-c', paths('nginx.conf'), '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

/** A plain HTTP request from a chosen loopback address, so that callers differ as nginx sees them. */
function send(
  url: string,
  options: { method?: string; body?: unknown; from?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Record<string, string | string[] | undefined> }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: options.from,
        headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        timeout: 10_000,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text), headers: res.headers }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

const problem =
  DATABASE_URL === undefined || REDIS_URL === undefined
    ? 'set DATABASE_URL and REDIS_URL to run it'
    : !existsSync(NGINX)
      ? `no ${NGINX} (apt-get install nginx)`
      : process.getuid?.() !== 0
        ? 'not root: nginx runs its workers as root here'
        : null;

if (problem !== null) {
  test.skip(`two instances behind nginx, as the deployment guide says: SKIPPED, ${problem}`, () => undefined);
} else {
  test.serial(
    'two instances behind nginx, as the deployment guide says: realtime on both transports, and the per-address limit',
    async (t) => {
      t.timeout(PROCESS_TEST_TIMEOUT_MS);
      await oneProcessTestAtATime(t);
      const database = await freshDatabase(DATABASE_URL!, 'nginx');
      t.teardown(() => database.drop());
      const [a, b] = (await startInstances(t, {
        count: 2,
        databaseUrl: database.url,
        redisUrl: REDIS_URL,
        env: { CAD_TRUST_PROXY: '1', CAD_REALTIME_ENGINE: 'node' },
      })) as [Instance, Instance];
      const dir = await mkdtemp(join(tmpdir(), 'cad-nginx-'));
      t.teardown(() => rm(dir, { recursive: true, force: true }));
      const port = await freePort();
      const ports = [a, b].map((instance) => Number(new URL(instance.process.url).port));
      const nginx = await startNginx(dir, await guideConfig(ports, port));
      t.teardown(() => {
        nginx.kill('SIGTERM');
      });
      const base = `http://127.0.0.1:${port}`;
      await eventually('nginx to answer', 10_000, async () => {
        if (nginx.exitCode !== null) throw new Error(`nginx exited: ${(nginx as unknown as { output(): string }).output()}`);
        return (await send(`${base}/readyz`).catch(() => ({ status: 0 }))).status === 200 ? true : undefined;
      });

      // Setup straight on instance A; everything under test goes through nginx.
      const { world, unitId, callsign, call } = await officerOnACall(a.app);

      const sockets = (['websocket', 'polling'] as const).map((transport) => {
        const socket: ClientSocket = io(`${base}/integrations/game`, {
          auth: { token: world.desk.token },
          transports: [transport],
          forceNew: true,
        });
        const received: Array<Record<string, unknown>> = [];
        socket.on('waypoint', (event: Record<string, unknown>) => received.push(event));
        return { transport, socket, received };
      });
      t.teardown(() => sockets.forEach((s) => s.socket.close()));
      await Promise.all(sockets.map((s) => connected(s.socket)));
      t.is(sockets[0]!.socket.io.engine.transport.name, 'websocket');
      t.is(sockets[1]!.socket.io.engine.transport.name, 'polling');

      // Moves through nginx land on A and B in turn; every socket gets each once, in order.
      const moves = [1, 2, 3, 4, 5, 6];
      for (const mapX of moves) {
        const reply = await send(`${base}/api/v1/admin/calls/${call.callId}/assignments/${unitId}`, {
          method: 'PATCH',
          body: { mapX, mapY: 0 },
          headers: { authorization: `Bearer ${a.app.bootstrapKey}` },
        });
        t.is(reply.status, 200);
      }
      for (const s of sockets) {
        await within(`all moves on ${s.transport}`, (resolve) => {
          const check = () => (s.received.length >= moves.length ? resolve(undefined) : setTimeout(check, 20));
          check();
        });
        t.deepEqual(
          s.received.map((e) => [e['type'], e['mapX'], e['unitLabel']]),
          moves.map((mapX) => ['assignment.updated', mapX, callsign]),
          `${s.transport}: each move once, in order`,
        );
      }
      const served = [a, b].map(
        (instance) => (instance.process.output().match(/"method":"PATCH","path":"\/api\/v1\/admin\/calls\//g) ?? []).length,
      );
      t.true(
        served.every((n) => n > 0),
        `nginx spread the API over both instances (${served.join(' and ')} moves)`,
      );

      // Per address, as nginx saw it, across both instances; a forged X-Forwarded-For changes nothing.
      const exchange = (from: string, forged?: string) =>
        send(`${base}/api/v1/integrations/token`, {
          method: 'POST',
          from,
          body: { clientId: 'cad_ci_none', clientSecret: 'x' },
          headers: forged === undefined ? {} : { 'x-forwarded-for': forged },
        });
      const statuses = [];
      for (let i = 0; i < 11; i++) statuses.push((await exchange('127.0.0.2', `192.0.2.${i}`)).status);
      t.deepEqual(statuses, [...Array(10).fill(401), 429]);
      const refused = await exchange('127.0.0.2');
      t.deepEqual(refused.body, { error: 'RATE_LIMITED', message: 'Too many requests.' });
      t.truthy(refused.headers['retry-after']);
      t.is((await exchange('127.0.0.3')).status, 401, 'another address has its own budget');
    },
  );
}
