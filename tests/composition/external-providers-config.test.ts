import test from 'ava';
import { ConfigError, loadConfig } from '../../composition/config.ts';

const SECRET = 'discord-client-secret-never-shown';

test('CAD_OIDC_PROVIDERS gives an issuer and the Discord preset, named Discord unless told', (t) => {
  const config = loadConfig({
    CAD_OIDC_PROVIDERS: JSON.stringify([
      { id: 'keycloak', name: 'Keycloak', issuer: 'https://sso.example.org/realms/rp', clientId: 'cad', clientSecret: 's1' },
      {
        id: 'discord',
        preset: 'discord',
        clientId: '123',
        clientSecret: SECRET,
        redirectUrl: 'https://cad.example.org/api/v1/auth/external/discord/callback',
      },
    ]),
  });
  t.deepEqual(config.externalProviders, [
    { id: 'keycloak', name: 'Keycloak', issuer: 'https://sso.example.org/realms/rp', clientId: 'cad', clientSecret: 's1' },
    {
      id: 'discord',
      name: 'Discord',
      preset: 'discord',
      clientId: '123',
      clientSecret: SECRET,
      redirectUrl: 'https://cad.example.org/api/v1/auth/external/discord/callback',
    },
  ]);
});

test('a bad provider is named by its entry and field, and no value of the variable is echoed', (t) => {
  const refused = (value: string) => {
    const error = t.throws(() => loadConfig({ CAD_OIDC_PROVIDERS: value }), { instanceOf: ConfigError }) as ConfigError;
    t.false(error.message.includes(SECRET), error.message);
    return error.problems;
  };
  t.deepEqual(refused(`[{"id":"x","clientSecret":"${SECRET}"`), ['CAD_OIDC_PROVIDERS must be a JSON array of providers (it is not JSON)']);
  // An issuer over plain HTTP off this machine, an id with a colon, a preset that does not exist, an id given twice.
  t.true(
    refused(JSON.stringify([{ id: 'kc', name: 'K', issuer: 'http://sso.example.org', clientId: 'c', clientSecret: SECRET }])).some((p) =>
      p.startsWith('CAD_OIDC_PROVIDERS.0.issuer'),
    ),
  );
  t.true(
    refused(JSON.stringify([{ id: 'a:b', preset: 'discord', clientId: 'c', clientSecret: SECRET }])).some((p) =>
      p.startsWith('CAD_OIDC_PROVIDERS.0.id'),
    ),
  );
  t.true(refused(JSON.stringify([{ id: 'gh', preset: 'github', clientId: 'c', clientSecret: SECRET }])).length > 0);
  t.deepEqual(
    refused(
      JSON.stringify([
        { id: 'd', preset: 'discord', clientId: 'c', clientSecret: SECRET },
        { id: 'd', preset: 'discord', clientId: 'c', clientSecret: SECRET },
      ]),
    ),
    ['CAD_OIDC_PROVIDERS names the provider id "d" twice'],
  );
  // Loopback over plain HTTP is allowed: it is what tests use.
  t.is(
    loadConfig({
      CAD_OIDC_PROVIDERS: JSON.stringify([{ id: 't', name: 'T', issuer: 'http://127.0.0.1:9000', clientId: 'c', clientSecret: 's' }]),
    }).externalProviders.length,
    1,
  );
});

test('the variable is never echoed, even when its own rule fails', (t) => {
  const error = t.throws(() => loadConfig({ CAD_OIDC_PROVIDERS: 'x' }), { instanceOf: ConfigError }) as ConfigError;
  t.deepEqual(error.problems, ['CAD_OIDC_PROVIDERS must NOT have fewer than 2 characters (got "<hidden>")']);
});
