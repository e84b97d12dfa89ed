import test from 'ava';
import { ConfigError, loadConfig } from '../../composition/config.ts';

test('without REDIS_URL nothing is shared: the configuration has no redis entry', (t) => {
  t.false('redis' in loadConfig({}));
});

test('REDIS_URL with its prefix and timeout, defaults cad: and 1,000 ms', (t) => {
  t.deepEqual(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis, {
    url: 'redis://127.0.0.1:6379',
    prefix: 'cad:',
    timeoutMs: 1000,
  });
  t.deepEqual(loadConfig({ REDIS_URL: 'rediss://cache:6380/2', CAD_REDIS_PREFIX: 'staging:', CAD_REDIS_TIMEOUT_MS: '250' }).redis, {
    url: 'rediss://cache:6380/2',
    prefix: 'staging:',
    timeoutMs: 250,
  });
});

test('a bad Redis setting is named, and the URL (which may hold a password) is not echoed', (t) => {
  const error = t.throws(
    () => loadConfig({ REDIS_URL: 'http://user:hunter2@cache', CAD_REDIS_PREFIX: 'has space', CAD_REDIS_TIMEOUT_MS: '5' }),
    { instanceOf: ConfigError },
  );
  const problems = (error as ConfigError).problems.join('\n');
  t.regex(problems, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL \(got "<hidden>"\)/);
  t.regex(problems, /CAD_REDIS_PREFIX/);
  t.regex(problems, /CAD_REDIS_TIMEOUT_MS/);
  t.false(problems.includes('hunter2'));
});
