import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { pino } from 'pino';
import { startService } from '../../composition/service.ts';
import { testHttpEngine } from '../support/http-engine.ts';
import { httpClient } from '../support/http-client.ts';
import { expect, operatorOf, tokenFor } from '../support/operator-driver.ts';

const silent = pino({ level: 'silent' });
const start = (dataDir: string) =>
  startService({ storage: { kind: 'embedded', dataDir }, port: 0, host: '127.0.0.1', logger: silent, httpEngine: testHttpEngine });

test('on the embedded database, credentials, keys and tokens survive a restart', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'cad-restart-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));

  const first = await start(dataDir);
  const bootstrapKey = first.newBootstrapKey;
  if (bootstrapKey === null) return t.fail('a first start generates a bootstrap key');
  let http = httpClient(first.url);
  const org = await operatorOf(http, bootstrapKey).organisation();
  await org.member(await org.department(), '1-ADAM-1');
  const credential = await org.apiCredential(['cad.unit.view']);
  const token = await tokenFor(http, credential);
  t.is(expect(await http.get('/api/v1/units', { token }), 200).length, 1);
  await first.close();

  const second = await start(dataDir);
  t.teardown(() => second.close());
  t.is(second.newBootstrapKey, null, 'no new bootstrap key on a restart');
  http = httpClient(second.url);
  t.like(expect(await http.get('/api/v1/units', { token }), 200), [{ unitLabel: '1-ADAM-1' }], 'a token issued before the restart');
  t.is(expect(await http.get('/api/v1/units', { token: await tokenFor(http, credential) }), 200).length, 1);
  const audit = await operatorOf(http, bootstrapKey).get(`/organisations/${org.organisationId}/audit`);
  t.is(audit.status, 200, 'the bootstrap key still works');
  t.true(audit.body.length >= 4);
});
