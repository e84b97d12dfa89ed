import { DEFAULT_SESSION_LIFETIME } from '../../domain/people/browser-session.ts';
import test from 'ava';
import { ExchangeToken } from '../../application/auth/exchange-token.ts';
import type { CredentialRepository } from '../../application/ports/credential-repositories.ts';
import type { ResponsePacer } from '../../application/ports/response-pacer.ts';
import type { SecretHasher } from '../../application/ports/secret-hasher.ts';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { HmacSecretHasher } from '../../adapters/security/hmac-secret-hasher.ts';
import { JwtAccessTokens } from '../../adapters/security/jwt-access-tokens.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { TimerPacer } from '../../adapters/system/timer-pacer.ts';
import { Credential } from '../../domain/credential/credential.ts';
import type { CredentialId, DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import { NOW, ids } from '../support/persistence-fixtures.ts';

// Unknown, wrong, revoked and wrong-kind must be indistinguishable in timing too. A wall-clock
// assertion would be flaky, so this proves the causes instead: every path does the same work,
// one credential lookup and one keyed-hash comparison, and every answer waits out the same floor.
// (npm run bench:token-timing prints the times.)

/** The real adapter, with each call counted (and, for `pace`, its floor noted). */
function counted<T extends object>(target: T, calls: Record<string, number>): T {
  return new Proxy(target, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const key = name === 'pace' ? `pace ${String(args[0])} ms` : String(name);
        calls[key] = (calls[key] ?? 0) + 1;
        return value.apply(object, args);
      };
    },
  });
}

async function setup() {
  const store = createMemoryPersistence();
  const hasher = new HmacSecretHasher(Buffer.alloc(32, 7));
  const secret = 'cad_cs_the-right-secret';
  const make = (kind: 'game' | 'generic_api_key') => {
    const created = Credential.create(
      {
        id: ids.next<CredentialId>(),
        organisationId: ids.next<OrganisationId>(),
        kind,
        departmentId: kind === 'game' ? ids.next<DepartmentId>() : null,
        label: kind,
        scopes: kind === 'game' ? [] : ['cad.unit.view'],
        allScopes: false,
        secretHash: hasher.hash(secret),
      },
      NOW,
    );
    if (!created.ok) throw new Error(created.reason);
    return created.value;
  };
  const [api, revoked, game] = [make('generic_api_key'), make('generic_api_key'), make('game')];
  revoked.revoke(NOW);
  for (const c of [api, revoked, game]) await store.credentials.save(c);
  const calls: Record<string, number> = {};
  const exchange = new ExchangeToken({
    credentials: counted<CredentialRepository>(store.credentials, calls),
    hasher: counted<SecretHasher>(hasher, calls),
    accessTokens: new JwtAccessTokens(Buffer.alloc(32, 9), 720),
    clock: new ManualClock(NOW),
    pacer: counted<ResponsePacer>(new TimerPacer(), calls),
    settings: { tokenExchangeFloorMs: 0, autoProvisionPerHour: 0, sessionLifetime: DEFAULT_SESSION_LIFETIME, signInFloorMs: 0 },
  });
  return { exchange, calls, secret, api, revoked, game };
}

const paths = [
  [
    'success',
    (s: Awaited<ReturnType<typeof setup>>) => ({ clientId: s.api.id, clientSecret: s.secret, kind: 'generic_api_key' as const }),
    true,
  ],
  [
    'unknown id',
    (s: Awaited<ReturnType<typeof setup>>) => ({ clientId: ids.next(), clientSecret: s.secret, kind: 'generic_api_key' as const }),
    false,
  ],
  [
    'wrong secret',
    (s: Awaited<ReturnType<typeof setup>>) => ({ clientId: s.api.id, clientSecret: `${s.secret}!`, kind: 'generic_api_key' as const }),
    false,
  ],
  [
    'revoked',
    (s: Awaited<ReturnType<typeof setup>>) => ({ clientId: s.revoked.id, clientSecret: s.secret, kind: 'generic_api_key' as const }),
    false,
  ],
  [
    'wrong path for the kind',
    (s: Awaited<ReturnType<typeof setup>>) => ({ clientId: s.game.id, clientSecret: s.secret, kind: 'generic_api_key' as const }),
    false,
  ],
  [
    'a client id that is not a UUID',
    (s: Awaited<ReturnType<typeof setup>>) => ({ clientId: 'not-a-uuid', clientSecret: s.secret, kind: 'generic_api_key' as const }),
    false,
  ],
] as const;

for (const [name, input, succeeds] of paths) {
  test(`${name}: one lookup, one constant-time comparison, one floor`, async (t) => {
    const s = await setup();
    for (const key of Object.keys(s.calls)) delete s.calls[key];
    const outcome = await s.exchange.execute(input(s));
    t.is(outcome.ok, succeeds);
    if (!outcome.ok) t.deepEqual(outcome, { ok: false, reason: 'invalid_client' });
    t.deepEqual(s.calls, { 'pace 0 ms': 1, get: 1, matches: 1 });
  });
}
