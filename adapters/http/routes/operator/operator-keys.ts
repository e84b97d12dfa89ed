import { Type } from '@sinclair/typebox';
import { newOperatorKeySchema, operatorKeyViewSchema } from '../../presenters/operator-view-schemas.ts';
import { OPERATOR_PERMISSIONS } from '../../../../domain/operator/operator-key.ts';
import { issuedOperatorKeyView, operatorKeyView } from '../../presenters/operator-key-views.ts';
import { forbidden, notFound } from '../../refusals.ts';
import type { RouteSpec } from '../../route-spec.ts';
import { enumOf, idParams, label } from '../../schemas.ts';
import { created } from '../answering.ts';
import { operatorRouteFor, organisationListing } from './operator-route.ts';
import { organisationFeature } from './organisations.ts';

const keyRoute = operatorRouteFor(organisationFeature);
const notAllowed = forbidden('This operator key lacks the permission.');
const ofOrganisation = { path: '/api/v1/admin/organisations/:organisationId/operator-keys', params: idParams('organisationId') } as const;

const newKey = Type.Object({
  label: label(100),
  permissions: Type.Array(enumOf(OPERATOR_PERMISSIONS), { uniqueItems: true, maxItems: OPERATOR_PERMISSIONS.length }),
});

/** A key may hand out only permissions it holds, within its organisation. */
const issuingRefusals = {
  not_found: notFound('organisation'),
  forbidden: forbidden('A key may hand out only permissions it holds, and needs organisation.settings.manage.'),
};

/** An organisation's operator keys: issued with some of the issuer's permissions, listed, revoked. */
export const operatorKeyRoutes: readonly RouteSpec[] = [
  keyRoute('createOperatorKey', {
    summary: 'Issues an operator key for the organisation; the key is shown once.',
    request: { method: 'POST', ...ofOrganisation, body: newKey },
    success: created('`key` (shown once), `operatorKeyId`, `label`, `permissions`.', newOperatorKeySchema, issuedOperatorKeyView),
    refusals: issuingRefusals,
  }),
  keyRoute(
    'listOperatorKeys',
    organisationListing(
      'operator-keys',
      "Lists the organisation's operator keys, revoked ones included; never a key itself.",
      operatorKeyView,
      notAllowed,
      operatorKeyViewSchema,
    ),
  ),
  keyRoute('revokeOperatorKey', {
    summary: 'Revokes an operator key of an organisation at once (the bootstrap key is reset instead).',
    request: { method: 'POST', path: '/api/v1/admin/operator-keys/:operatorKeyId/revoke', params: idParams('operatorKeyId') },
    success: { status: 200, description: 'The key, now revoked.', schema: operatorKeyViewSchema, present: operatorKeyView },
    refusals: { not_found: notFound('operator key'), forbidden: notAllowed },
  }),
];
