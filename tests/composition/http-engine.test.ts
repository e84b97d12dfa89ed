import test from 'ava';
import { pino } from 'pino';
import { type ServiceOptions, startService } from '../../composition/service.ts';
import { freePort } from '../support/processes.ts';
import { startServer, waitFor } from '../support/server-process.ts';
import { uwsProblem } from '../support/uws.ts';

/**
 * `CAD_HTTP_ENGINE=uws` never falls back: where uWebSockets.js cannot load (glibc older than 2.38),
 * the service refuses to start and says why; where it loads, the routes, the pages and the realtime
 * channel share its one port. `npm test` runs this file in both conditions (the second part under
 * a newer glibc), so each branch is exercised where it applies.
 */
const BOOTSTRAP = 'a bootstrap key for the http engine tests, 32+ chars';

/** The service in memory on the uws transport, with these options besides. */
const onUws = (options: Partial<ServiceOptions> = {}) =>
  startService({
    storage: { kind: 'memory' },
    port: 0,
    host: '127.0.0.1',
    logger: pino({ level: 'silent' }),
    bootstrapKey: BOOTSTRAP,
    httpEngine: 'uws',
    ...options,
  });

if (uwsProblem !== null) {
  test('where uWebSockets.js cannot load, a start on the uws transport fails with the reason and listens nowhere', async (t) => {
    const port = await freePort();
    const error = await t.throwsAsync(
      startService({
        storage: { kind: 'memory' },
        port,
        host: '127.0.0.1',
        logger: pino({ level: 'silent' }),
        bootstrapKey: BOOTSTRAP,
        httpEngine: 'uws',
      }),
    );
    t.regex(
      error?.message ?? '',
      /^CAD_HTTP_ENGINE=uws: uWebSockets\.js cannot be loaded here \(.*GLIBC_2\.38.*\); its binaries need glibc 2\.38 or later\. Use CAD_HTTP_ENGINE=koa\.$/,
    );
    await t.throwsAsync(fetch(`http://127.0.0.1:${port}/healthz`), undefined, 'nothing listens on the port');
  });

  test('npm start with CAD_HTTP_ENGINE=uws says why it cannot start and exits 1', async (t) => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), CAD_STORAGE: 'memory', CAD_HTTP_ENGINE: 'uws', CAD_BOOTSTRAP_KEY: BOOTSTRAP });
    t.teardown(() => server.child.kill('SIGKILL'));
    const exited = new Promise<number | null>((resolve) => server.child.once('close', resolve));
    await waitFor(server.output, /failed to start: CAD_HTTP_ENGINE=uws: uWebSockets\.js cannot be loaded here/, server.child);
    t.is(await exited, 1);
    t.notRegex(server.output(), /listening on/);
  });
} else {
  test('on the uws transport, the routes, the pages and the realtime channel share one port', async (t) => {
    const service = await onUws({ realtime: { engine: 'auto', port: 0 } });
    t.teardown(() => service.close());
    t.deepEqual(service.realtime, { engine: 'uws', url: service.url, fallback: null });
    t.is((await fetch(`${service.url}/healthz`)).status, 200);
    t.is((await fetch(`${service.url}/admin/`)).status, 200);
    const handshake = await fetch(`${service.url}/socket.io/?EIO=4&transport=polling`);
    t.is(handshake.status, 200);
    t.regex(await handshake.text(), /^0\{"sid":/);
  });

  test('the uws transport refuses the node realtime engine, which needs Node’s server', async (t) => {
    const error = await t.throwsAsync(onUws({ realtime: { engine: 'node', port: 0 } }));
    t.regex(error?.message ?? '', /CAD_REALTIME_ENGINE=node runs on the Koa transport only/);
  });
}
