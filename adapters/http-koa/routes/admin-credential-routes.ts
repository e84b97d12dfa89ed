import { Type } from '@sinclair/typebox';
import type { OperatorPermission } from '../../../domain/operator/operator-key.ts';
import { CREDENTIAL_KINDS } from '../../../domain/credential/credential.ts';
import type { DepartmentId } from '../../../domain/shared/ids.ts';
import { credentialView } from '../presenters/credential-views.ts';
import { answer, conflict, forbidden, invalid, notFound } from '../refusals.ts';
import { type RouteSpec, created, ok, route } from '../route-spec.ts';
import { enumOf, id, idParams, nullable, text } from '../schemas.ts';

const operator = (permission: OperatorPermission | 'bootstrap') => ({ kind: 'operator', permission }) as const;
const tag = 'admin: credentials';
const notAllowed = forbidden('This operator key lacks integrations.credential.manage.');
const noCredential = notFound('credential');

export const adminCredentialRoutes: readonly RouteSpec[] = [
  route({
    operationId: 'createCredential',
    method: 'POST',
    path: '/api/v1/admin/organisations/:organisationId/credentials',
    summary: 'Creates a game credential (one department) or an API credential (scopes); the secret is shown once.',
    tag,
    guard: operator('integrations.credential.manage'),
    params: idParams('organisationId'),
    body: Type.Object({
      kind: enumOf(CREDENTIAL_KINDS),
      label: text(100),
      departmentId: Type.Optional(nullable(id<DepartmentId>())),
      scopes: Type.Optional(Type.Array(text(64), { maxItems: 32, default: [] })),
      allScopes: Type.Optional(Type.Boolean({ default: false })),
    }),
    responses: { 201: { description: '`clientId`, `clientSecret` (shown once), `kind`, `label`, `departmentId`, `scopes`.' } },
    useCase: 'createCredential',
    handle: async ({ operator, params, body }, createCredential) =>
      answer(
        await createCredential.execute({
          operator,
          organisationId: params.organisationId,
          kind: body.kind,
          label: body.label,
          departmentId: body.departmentId ?? null,
          scopes: body.scopes ?? [],
          allScopes: body.allScopes ?? false,
        }),
        ({ credential, clientSecret }) => created({ ...credentialView(credential), clientSecret }),
        {
          not_found: notFound('organisation'),
          forbidden: notAllowed,
          unknown_department: invalid('departmentId', 'is not a department of this organisation'),
          department_required: invalid('departmentId', 'is required for a game credential'),
          department_not_allowed: invalid('departmentId', 'must be absent for an API credential'),
          unknown_scope: invalid('scopes', 'holds a scope that this kind of credential cannot have'),
          no_scopes: invalid('scopes', 'must hold at least one scope for an API credential (or set allScopes)'),
        },
      ),
  }),
  route({
    operationId: 'listCredentials',
    method: 'GET',
    path: '/api/v1/admin/organisations/:organisationId/credentials',
    summary: "Lists the organisation's credentials, never their secrets.",
    tag,
    guard: operator('integrations.credential.manage'),
    params: idParams('organisationId'),
    responses: { 200: { description: 'A plain array of credentials.' } },
    useCase: 'listCredentials',
    handle: async ({ operator, params }, listCredentials) =>
      answer(await listCredentials.execute({ operator, organisationId: params.organisationId }), (list) => ok(list.map(credentialView)), {
        not_found: notFound('organisation'),
        forbidden: notAllowed,
      }),
  }),
  route({
    operationId: 'rotateCredentialSecret',
    method: 'POST',
    path: '/api/v1/admin/credentials/:clientId/rotate',
    summary: 'Replaces the client secret; the new one is shown once and the old one stops working at once.',
    tag,
    guard: operator('integrations.credential.manage'),
    params: idParams('clientId'),
    responses: { 200: { description: '`clientSecret`, shown once.' } },
    useCase: 'rotateCredentialSecret',
    handle: async ({ operator, params }, rotateCredentialSecret) =>
      answer(await rotateCredentialSecret.execute({ operator, clientId: params.clientId }), (r) => ok(r), {
        not_found: noCredential,
        forbidden: notAllowed,
        credential_revoked: conflict('A revoked credential cannot be rotated.'),
      }),
  }),
  route({
    operationId: 'revokeCredential',
    method: 'POST',
    path: '/api/v1/admin/credentials/:clientId/revoke',
    summary: 'Stops new token exchanges; tokens already issued work until they expire.',
    tag,
    guard: operator('integrations.credential.manage'),
    params: idParams('clientId'),
    responses: { 200: { description: 'The credential, now revoked.' } },
    useCase: 'revokeCredential',
    handle: async ({ operator, params }, revokeCredential) =>
      answer(await revokeCredential.execute({ operator, clientId: params.clientId }), (c) => ok(credentialView(c)), {
        not_found: noCredential,
        forbidden: notAllowed,
      }),
  }),
];
