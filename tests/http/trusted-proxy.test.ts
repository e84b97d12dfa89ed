import test from 'ava';
import { pino } from 'pino';
import { startService } from '../../composition/service.ts';
import { testHttpEngine } from '../support/http-engine.ts';
import { httpClient } from '../support/http-client.ts';

const GAME = '/api/v1/integrations/game/token';
const attempt = { clientId: '0190a5b6-0000-7000-8000-000000000000', clientSecret: 'guess' };

async function exchangesBeforeLimit(trustProxy: boolean | number, forwardedFor: (i: number) => string) {
  const service = await startService({
    storage: { kind: 'memory' },
    port: 0,
    host: '127.0.0.1',
    logger: pino({ level: 'silent' }),
    trustProxy,
    httpEngine: testHttpEngine,
  });
  try {
    const http = httpClient(service.url);
    for (let i = 0; i < 30; i++) {
      const reply = await http.post(GAME, attempt, { headers: { 'x-forwarded-for': forwardedFor(i) } });
      if (reply.status === 429) return i;
    }
    return Infinity;
  } finally {
    await service.close();
  }
}

for (const trust of [false, 0] as const) {
  test(`with CAD_TRUST_PROXY ${String(trust)}, a forged X-Forwarded-For cannot escape the per-address limit`, async (t) => {
    t.is(await exchangesBeforeLimit(trust, (i) => `203.0.113.${i}`), 10);
  });
}

test('behind one trusted proxy, the address the proxy saw is limited, whatever the client wrote before it', async (t) => {
  t.is(await exchangesBeforeLimit(1, (i) => `198.51.100.${i}, 203.0.113.7`), 10);
});

test('behind one trusted proxy, distinct client addresses are counted apart', async (t) => {
  t.is(await exchangesBeforeLimit(true, (i) => `203.0.113.${i}`), Infinity);
});
