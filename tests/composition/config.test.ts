import test from 'ava';
import { ConfigError, loadConfig } from '../../composition/config.ts';

test('with nothing set: port 8080 on this machine only, the embedded database in ./data, contract defaults', (t) => {
  t.deepEqual(loadConfig({}), {
    port: 8080,
    host: '127.0.0.1',
    storage: { kind: 'embedded', dataDir: './data' },
    bootstrapKey: undefined,
    trustProxy: false,
    rateLimitScale: 1,
    accessLog: { mode: 'summary', periodMs: 60_000 },
    accessTokenTtlSeconds: 720,
    mdtSessionHours: 4,
    autoProvisionPerHour: 20,
    logLevel: 'info',
    httpEngine: 'koa',
    realtime: { engine: 'auto', port: 8081, log: { maxEvents: 10_000, maxAgeMs: 900_000 } },
    connections: {
      requestTimeoutMs: 10_000,
      headersTimeoutMs: 5_000,
      keepAliveTimeoutMs: 5_000,
      idleTimeoutMs: 30_000,
      maxConnections: 4096,
    },
    externalProviders: [],
  });
});

test('DATABASE_URL selects PostgreSQL; CAD_STORAGE=memory keeps nothing', (t) => {
  t.deepEqual(loadConfig({ DATABASE_URL: 'postgresql://cad@db:5432/cad' }).storage, {
    kind: 'postgres',
    url: 'postgresql://cad@db:5432/cad',
    createDatabase: false,
  });
  t.like(loadConfig({ DATABASE_URL: 'postgresql://cad@db:5432/cad', CAD_CREATE_DATABASE: 'true' }).storage, { createDatabase: true });
  t.throws(() => loadConfig({ CAD_CREATE_DATABASE: 'yes' }), { message: /CAD_CREATE_DATABASE must be one of true, false/ });
  t.deepEqual(loadConfig({ CAD_STORAGE: 'memory', DATABASE_URL: 'postgres://x' }).storage, { kind: 'memory' });
  t.deepEqual(loadConfig({ CAD_DATA_DIR: '/var/lib/cad' }).storage, { kind: 'embedded', dataDir: '/var/lib/cad' });
});

test('values are read and converted', (t) => {
  const config = loadConfig({
    PORT: '9000',
    HOST: '127.0.0.1',
    CAD_TRUST_PROXY: '2',
    CAD_RATE_LIMIT_SCALE: '2.5',
    CAD_ACCESS_TOKEN_TTL_S: '600',
    CAD_MDT_SESSION_HOURS: '8',
    GAME_AUTO_PROVISION_RATE_LIMIT_PER_HOUR: '5',
    LOG_LEVEL: 'warn',
    CAD_BOOTSTRAP_KEY: 'k'.repeat(40),
    CAD_HTTP_ENGINE: 'uws',
    CAD_REALTIME_ENGINE: 'node',
    REALTIME_PORT: '9001',
    CAD_REQUEST_TIMEOUT_MS: '20000',
    CAD_HEADERS_TIMEOUT_MS: '3000',
    CAD_KEEP_ALIVE_TIMEOUT_MS: '4000',
    CAD_SOCKET_IDLE_TIMEOUT_MS: '45000',
    CAD_MAX_CONNECTIONS: '100',
  });
  t.like(config, {
    port: 9000,
    host: '127.0.0.1',
    trustProxy: 2,
    rateLimitScale: 2.5,
    accessTokenTtlSeconds: 600,
    mdtSessionHours: 8,
    autoProvisionPerHour: 5,
    logLevel: 'warn',
    bootstrapKey: 'k'.repeat(40),
    httpEngine: 'uws',
    realtime: { engine: 'node', port: 9001, log: { maxEvents: 10_000, maxAgeMs: 900_000 } },
    connections: {
      requestTimeoutMs: 20_000,
      headersTimeoutMs: 3_000,
      keepAliveTimeoutMs: 4_000,
      idleTimeoutMs: 45_000,
      maxConnections: 100,
    },
  });
  t.is(loadConfig({ CAD_TRUST_PROXY: 'true' }).trustProxy, true);
  t.is(loadConfig({ CAD_TRUST_PROXY: '0' }).trustProxy, false);
});

test('every bad value is named in one error, and secrets are not echoed', (t) => {
  const error = t.throws(
    () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://root:hunter2@db/cad',
        CAD_BOOTSTRAP_KEY: 'short',
        CAD_TRUST_PROXY: 'maybe',
        CAD_RATE_LIMIT_SCALE: '0',
        CAD_ACCESS_TOKEN_TTL_S: '5',
        LOG_LEVEL: 'loud',
        CAD_STORAGE: 'floppy',
      }),
    { instanceOf: ConfigError },
  );
  const problems = (error as ConfigError).problems;
  for (const name of [
    'PORT',
    'DATABASE_URL',
    'CAD_BOOTSTRAP_KEY',
    'CAD_TRUST_PROXY',
    'CAD_RATE_LIMIT_SCALE',
    'CAD_ACCESS_TOKEN_TTL_S',
    'LOG_LEVEL',
    'CAD_STORAGE',
  ]) {
    t.true(
      problems.some((p) => p.startsWith(`${name} `)),
      `${name} in ${problems.join(' | ')}`,
    );
  }
  t.false(error!.message.includes('hunter2') || error!.message.includes('short"'));
  t.true(problems.some((p) => p === 'PORT must be integer (got "eighty")'));
});

test('CAD_STORAGE=postgres without DATABASE_URL is refused', (t) => {
  t.throws(() => loadConfig({ CAD_STORAGE: 'postgres' }), { instanceOf: ConfigError, message: /needs DATABASE_URL/ });
});

test('connection deadlines are bounded: no zero that would turn one off, headers within the request deadline', (t) => {
  const error = t.throws(
    () =>
      loadConfig({
        CAD_REQUEST_TIMEOUT_MS: '0',
        CAD_KEEP_ALIVE_TIMEOUT_MS: '0',
        CAD_SOCKET_IDLE_TIMEOUT_MS: '1000',
        CAD_MAX_CONNECTIONS: '0',
      }),
    { instanceOf: ConfigError },
  ) as ConfigError;
  for (const name of ['CAD_REQUEST_TIMEOUT_MS', 'CAD_KEEP_ALIVE_TIMEOUT_MS', 'CAD_SOCKET_IDLE_TIMEOUT_MS', 'CAD_MAX_CONNECTIONS']) {
    t.true(
      error.problems.some((p) => p.startsWith(`${name} `)),
      name,
    );
  }
  t.throws(() => loadConfig({ CAD_REQUEST_TIMEOUT_MS: '2000', CAD_HEADERS_TIMEOUT_MS: '5000' }), {
    instanceOf: ConfigError,
    message: /CAD_HEADERS_TIMEOUT_MS must not exceed CAD_REQUEST_TIMEOUT_MS/,
  });
});

test('metrics on an address other than loopback are refused without METRICS_TOKEN, naming both variables', (t) => {
  for (const host of ['0.0.0.0', '10.0.0.5', '::', 'metrics.example']) {
    const error = t.throws(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: host }), { instanceOf: ConfigError });
    t.regex(
      error.message,
      new RegExp(`METRICS_HOST is not a loopback address \\(got "${host.replace(/\./g, '\\.')}"\\): set METRICS_TOKEN`),
    );
  }
  for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) {
    t.like(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: host }).metrics, { port: 9464, host });
  }
  t.like(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 't'.repeat(32) }).metrics, { host: '0.0.0.0' });
  // Without METRICS_PORT nothing listens, so the host alone is no risk.
  t.is(loadConfig({ METRICS_HOST: '0.0.0.0' }).metrics, undefined);
});
