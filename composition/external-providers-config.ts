import { Ajv } from 'ajv';
import type { ExternalProviderSetting } from '../adapters/security/openid-client-identities.ts';
// A cycle with config.ts, safe: ConfigError is only used when a value is read, long after both modules ran.
import { ConfigError } from './config.ts';

/** An address a provider may be reached at: `https:`, or `http:` on this machine's loopback only. */
const ADDRESS = '^(https://|http://(127\\.0\\.0\\.1|localhost|\\[::1\\])(:[0-9]+)?(/|$))';

const common = {
  id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,31}$' },
  name: { type: 'string', minLength: 1, maxLength: 60 },
  clientId: { type: 'string', minLength: 1, maxLength: 512 },
  clientSecret: { type: 'string', minLength: 1, maxLength: 2048 },
  redirectUrl: { type: 'string', pattern: ADDRESS, maxLength: 2048 },
};

/** `CAD_OIDC_PROVIDERS`: a JSON array, each an OpenID Connect issuer or the Discord preset. */
const schema = {
  type: 'array',
  maxItems: 16,
  items: {
    oneOf: [
      {
        type: 'object',
        required: ['id', 'name', 'issuer', 'clientId', 'clientSecret'],
        additionalProperties: false,
        properties: { ...common, issuer: { type: 'string', pattern: ADDRESS, maxLength: 2048 } },
      },
      {
        type: 'object',
        required: ['id', 'preset', 'clientId', 'clientSecret'],
        additionalProperties: false,
        properties: { ...common, preset: { const: 'discord' } },
      },
    ],
  },
} as const;

const validate = new Ajv({ allErrors: true }).compile(schema);

type Entry = Omit<ExternalProviderSetting, 'name'> & { name?: string };

/**
 * The providers of `CAD_OIDC_PROVIDERS`, checked; none when it is unset. An error names the entry
 * and the field, never a value: the variable holds client secrets.
 */
export function externalProvidersFrom(json: string | undefined): ExternalProviderSetting[] {
  if (json === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ConfigError(['CAD_OIDC_PROVIDERS must be a JSON array of providers (it is not JSON)']);
  }
  if (!validate(parsed)) {
    const problems = (validate.errors ?? [])
      .filter(
        (e) => e.keyword !== 'oneOf' && e.keyword !== 'const' && !(e.keyword === 'required' && e.params['missingProperty'] === 'issuer'),
      )
      .map((e) => `CAD_OIDC_PROVIDERS${e.instancePath.replaceAll('/', '.')} ${e.message ?? 'is not valid'}`);
    throw new ConfigError([
      ...new Set(problems.length > 0 ? problems : ['CAD_OIDC_PROVIDERS has an entry that is neither an issuer nor the discord preset']),
    ]);
  }
  const entries = parsed as Entry[];
  const ids = entries.map((e) => e.id);
  const twice = ids.find((id, at) => ids.indexOf(id) !== at);
  if (twice !== undefined) throw new ConfigError([`CAD_OIDC_PROVIDERS names the provider id "${twice}" twice`]);
  return entries.map((e) => ({ ...e, name: e.name ?? ('preset' in e ? 'Discord' : e.id) }) as ExternalProviderSetting);
}
