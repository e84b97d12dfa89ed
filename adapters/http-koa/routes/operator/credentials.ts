import { Type } from '@sinclair/typebox';
import { credentialViewSchema, newCredentialSchema, rotatedSecretSchema } from '../../presenters/operator-view-schemas.ts';
import { CREDENTIAL_KINDS } from '../../../../domain/credential/credential.ts';
import type { DepartmentId } from '../../../../domain/shared/ids.ts';
import { credentialView } from '../../presenters/credential-views.ts';
import { conflict, forbidden, invalid, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { defaulted, enumOf, id, idParams, nullable, text } from '../../schemas.ts';
import { listed } from '../answering.ts';
import { operatorRouteFor, organisationListing } from './operator-route.ts';

const credentialRoute = operatorRouteFor({ tag: 'admin: credentials', permission: 'integrations.credential.manage' });
const notAllowed = forbidden('This operator key lacks integrations.credential.manage.');
const ofOrganisation = { path: '/api/v1/admin/organisations/:organisationId/credentials', params: idParams('organisationId') } as const;
const noCredential = notFound('credential');

const newCredential = Type.Object({
  kind: enumOf(CREDENTIAL_KINDS),
  label: text(100),
  departmentId: Type.Optional(nullable(id<DepartmentId>())),
  scopes: defaulted(Type.Array(text(64), { maxItems: 32, default: [] })),
  allScopes: defaulted(Type.Boolean({ default: false })),
});

/** Credentials for game servers and external systems: created, listed, rotated and revoked. */
export const credentialRoutes: readonly RouteSpec[] = [
  credentialRoute('createCredential', {
    summary: 'Creates a game credential (one department) or an API credential (scopes); the secret is shown once.',
    request: { method: 'POST', ...ofOrganisation, body: newCredential },
    success: {
      status: 201,
      description: '`clientId`, `clientSecret` (shown once), `kind`, `label`, `departmentId`, `scopes`.',
      schema: newCredentialSchema,
      present: ({ credential, clientSecret }) => ({ ...credentialView(credential), clientSecret }),
    },
    refusals: {
      not_found: notFound('organisation'),
      forbidden: notAllowed,
      unknown_department: invalid('departmentId', 'is not a department of this organisation'),
      department_required: invalid('departmentId', 'is required for a game credential'),
      department_not_allowed: invalid('departmentId', 'must be absent for an API credential'),
      unknown_scope: invalid('scopes', 'holds a scope that this kind of credential cannot have'),
      no_scopes: invalid('scopes', 'must hold at least one scope for an API credential (or set allScopes)'),
    },
    call: ({ departmentId, ...input }, createCredential) => createCredential.execute({ ...input, departmentId: departmentId ?? null }),
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
