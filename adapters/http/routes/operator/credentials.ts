import { Type } from '@sinclair/typebox';
import { credentialViewSchema, newCredentialSchema, rotatedSecretSchema } from '../../presenters/operator-view-schemas.ts';
import { CREDENTIAL_KINDS, type CredentialKind } from '../../../../domain/credential/credential.ts';
import { API_SCOPES, BRIDGE_SCOPES } from '../../../../domain/credential/scope.ts';
import type { DepartmentId } from '../../../../domain/shared/ids.ts';
import { HttpError } from '../../error-catalogue.ts';
import { createdCredentialView, credentialView } from '../../presenters/credential-views.ts';
import { conflict, forbidden, invalid, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { defaulted, enumOf, id, idParams, label, nullable, text } from '../../schemas.ts';
import { created } from '../answering.ts';
import { operatorRouteFor, organisationListing } from './operator-route.ts';

const credentialRoute = operatorRouteFor({ tag: 'admin: credentials', permission: 'integrations.credential.manage' });
const notAllowed = forbidden('This operator key lacks integrations.credential.manage.');
const ofOrganisation = { path: '/api/v1/admin/organisations/:organisationId/credentials', params: idParams('organisationId') } as const;
const noCredential = notFound('credential');

const newCredential = Type.Object({
  kind: enumOf(CREDENTIAL_KINDS),
  label: label(100),
  departmentId: Type.Optional(nullable(id<DepartmentId>())),
  scopes: defaulted(Type.Array(text(64), { maxItems: 32, default: [] })),
  allScopes: defaulted(Type.Boolean({ default: false })),
});

const newCredentialRules = {
  oneOf: [
    // A game credential: its department, and only bridge scopes.
    Type.Object({
      kind: Type.Literal('game'),
      departmentId: id<DepartmentId>(),
      scopes: Type.Optional(Type.Array(enumOf(BRIDGE_SCOPES), { maxItems: 32 })),
    }),
    // An API credential: no department, and at least one API scope...
    Type.Object({
      kind: Type.Literal('generic_api_key'),
      departmentId: Type.Optional(Type.Null()),
      scopes: Type.Array(enumOf(API_SCOPES), { minItems: 1, maxItems: 32 }),
      allScopes: Type.Optional(Type.Literal(false)),
    }),
    // ...or every one of them, whatever `scopes` lists.
    Type.Object({ kind: Type.Literal('generic_api_key'), departmentId: Type.Optional(Type.Null()), allScopes: Type.Literal(true) }),
  ],
};

/** One detail per scope the kind cannot hold, naming it and the scopes the kind can hold. */
function unknownScopes(kind: CredentialKind, scopes: readonly string[]): HttpError {
  const valid: readonly string[] = kind === 'game' ? BRIDGE_SCOPES : API_SCOPES;
  const offered = valid.join(', ');
  return new HttpError(
    'VALIDATION_FAILED',
    undefined,
    scopes
      .filter((scope) => !valid.includes(scope))
      .map((scope) => ({
        in: 'body',
        field: 'scopes',
        message: `holds ${scope}, which a ${kind} credential cannot have; its scopes are ${offered}`,
      })),
  );
}

/** Credentials for game servers and external systems: created, listed, rotated and revoked. */
export const credentialRoutes: readonly RouteSpec[] = [
  credentialRoute('createCredential', {
    summary: 'Creates a game credential (one department) or an API credential (scopes); the secret is shown once.',
    request: { method: 'POST', ...ofOrganisation, body: newCredential, bodyRules: newCredentialRules },
    success: created(
      '`clientId`, `clientSecret` (shown once), `kind`, `label`, `departmentId`, `scopes`.',
      newCredentialSchema,
      createdCredentialView,
    ),
    refusals: {
      not_found: notFound('organisation'),
      forbidden: notAllowed,
      unknown_department: invalid('departmentId', 'is not a department of this organisation'),
      department_required: invalid('departmentId', 'is required for a game credential'),
      department_not_allowed: invalid('departmentId', 'must be absent for an API credential'),
      unknown_scope: invalid('scopes', 'holds a scope that this kind of credential cannot have'),
      no_scopes: invalid('scopes', 'must hold at least one scope for an API credential (or set allScopes)'),
    },
    call: async ({ departmentId, ...input }, createCredential) => {
      const outcome = await createCredential.execute({ ...input, departmentId: departmentId ?? null });
      if (!outcome.ok && outcome.reason === 'unknown_scope') throw unknownScopes(input.kind, input.scopes);
      return outcome;
    },
  }),
  credentialRoute(
    'listCredentials',
    organisationListing(
      'credentials',
      "Lists the organisation's credentials, never their secrets.",
      credentialView,
      notAllowed,
      credentialViewSchema,
    ),
  ),
  credentialRoute('rotateCredentialSecret', {
    summary: 'Replaces the client secret; the new one is shown once and the old one stops working at once.',
    request: { method: 'POST', path: '/api/v1/admin/credentials/:clientId/rotate', params: idParams('clientId') },
    success: { status: 200, description: '`clientSecret`, shown once.', schema: rotatedSecretSchema, present: (rotated) => rotated },
    refusals: { not_found: noCredential, forbidden: notAllowed, credential_revoked: conflict('A revoked credential cannot be rotated.') },
  }),
  credentialRoute('revokeCredential', {
    summary: 'Stops new token exchanges; tokens already issued work until they expire.',
    request: { method: 'POST', path: '/api/v1/admin/credentials/:clientId/revoke', params: idParams('clientId') },
    success: { status: 200, description: 'The credential, now revoked.', schema: credentialViewSchema, present: credentialView },
    refusals: { not_found: noCredential, forbidden: notAllowed },
  }),
];
