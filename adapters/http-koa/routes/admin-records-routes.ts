import { Type } from '@sinclair/typebox';
import type { OperatorPermission } from '../../../domain/operator/operator-key.ts';
import { WARRANT_STATUSES } from '../../../domain/records/warrant.ts';
import type { AuditEntryId, CivilianId } from '../../../domain/shared/ids.ts';
import { auditEntryView, civilianView, vehicleView, warrantView } from '../presenters/records-views.ts';
import { answer, conflict, forbidden, invalid, notFound } from '../refusals.ts';
import { type RouteSpec, created, ok, route } from '../route-spec.ts';
import { anyObject, dateOfBirth, enumOf, id, idParams, limit, nullable, plate, text } from '../schemas.ts';

const operator = (permission: OperatorPermission | 'bootstrap') => ({ kind: 'operator', permission }) as const;
const tag = 'admin: records';
const noOrganisation = notFound('organisation');
const notAllowed = forbidden('This operator key lacks records.manage.');
const SEMVER = '^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$';

export const adminRecordsRoutes: readonly RouteSpec[] = [
  route({
    operationId: 'createCivilian',
    method: 'POST',
    path: '/api/v1/admin/organisations/:organisationId/civilians',
    summary: 'Adds a civilian to the records.',
    tag,
    guard: operator('records.manage'),
    params: idParams('organisationId'),
    body: Type.Object({ firstName: text(60), lastName: text(60), dateOfBirth, licenseStatus: Type.Optional(text(32)) }),
    responses: { 201: { description: 'The civilian, with its `civilianId`.' } },
    useCase: 'createCivilian',
    handle: async ({ operator, params, body }, createCivilian) =>
      answer(await createCivilian.execute({ operator, organisationId: params.organisationId, ...body }), (c) => created(civilianView(c)), {
        not_found: noOrganisation,
        forbidden: notAllowed,
        invalid_date_of_birth: invalid('dateOfBirth', 'is not a real YYYY-MM-DD date'),
      }),
  }),
  route({
    operationId: 'registerVehicle',
    method: 'POST',
    path: '/api/v1/admin/organisations/:organisationId/vehicles',
    summary: 'Registers a vehicle; a plate is registered once per organisation (case and spaces ignored).',
    tag,
    guard: operator('records.manage'),
    params: idParams('organisationId'),
    body: Type.Object({
      plate,
      make: Type.Optional(nullable(text(60))),
      model: Type.Optional(nullable(text(60))),
      color: Type.Optional(nullable(text(40))),
      ownerCivilianId: Type.Optional(nullable(id<CivilianId>())),
      registrationStatus: Type.Optional(text(32)),
    }),
    responses: { 201: { description: 'The vehicle, with its `vehicleId`.' } },
    useCase: 'registerVehicle',
    handle: async ({ operator, params, body }, registerVehicle) =>
      answer(await registerVehicle.execute({ operator, organisationId: params.organisationId, ...body }), (v) => created(vehicleView(v)), {
        not_found: noOrganisation,
        forbidden: notAllowed,
        invalid_plate: invalid('plate', 'must be 1 to 16 letters, digits or dashes (spaces are ignored)'),
        plate_taken: conflict('A vehicle with that plate is already registered.'),
        unknown_civilian: invalid('ownerCivilianId', 'is not a civilian of this organisation'),
      }),
  }),
  route({
    operationId: 'issueWarrant',
    method: 'POST',
    path: '/api/v1/admin/organisations/:organisationId/warrants',
    summary: 'Records a warrant against a civilian.',
    tag,
    guard: operator('records.manage'),
    params: idParams('organisationId'),
    body: Type.Object({
      civilianId: id<CivilianId>(),
      status: enumOf(WARRANT_STATUSES),
      description: Type.Optional(nullable(text(2000))),
    }),
    responses: { 201: { description: 'The warrant, with its `warrantId`.' } },
    useCase: 'issueWarrant',
    handle: async ({ operator, params, body }, issueWarrant) =>
      answer(await issueWarrant.execute({ operator, organisationId: params.organisationId, ...body }), (w) => created(warrantView(w)), {
        not_found: noOrganisation,
        forbidden: notAllowed,
        unknown_civilian: invalid('civilianId', 'is not a civilian of this organisation'),
      }),
  }),
  route({
    operationId: 'publishRelease',
    method: 'POST',
    path: '/api/v1/admin/releases',
    summary: 'Publishes a game resource version for the public version check (bootstrap key only).',
    tag,
    guard: operator('bootstrap'),
    body: Type.Object({
      resourceSlug: Type.String({ pattern: '^[a-z0-9]+([-_][a-z0-9]+)*$', maxLength: 64 }),
      version: Type.String({ pattern: SEMVER, maxLength: 64 }),
      manifest: anyObject(),
    }),
    responses: { 201: { description: 'The release.' } },
    useCase: 'publishRelease',
    handle: async ({ operator, body }, publishRelease) =>
      answer(
        await publishRelease.execute({ operator, ...body }),
        (r) =>
          created({
            releaseId: r.id,
            resourceSlug: r.resourceSlug,
            version: r.version,
            manifest: r.manifest,
            publishedAt: r.publishedAt.toISOString(),
          }),
        {
          forbidden: forbidden('Only the bootstrap key publishes releases.'),
          version_exists: conflict('That version is already published.'),
        },
      ),
  }),
  route({
    operationId: 'readAuditLog',
    method: 'GET',
    path: '/api/v1/admin/organisations/:organisationId/audit',
    summary: "The organisation's audit log, newest first; pass the last entry's id as `before` for the next page.",
    tag,
    guard: operator('audit.view'),
    params: idParams('organisationId'),
    query: Type.Object({ limit: limit(500, 100), before: Type.Optional(id<AuditEntryId>()) }),
    responses: { 200: { description: 'A plain array of audit entries.' } },
    useCase: 'readAuditLog',
    handle: async ({ operator, params, query }, readAuditLog) =>
      answer(
        await readAuditLog.execute({ operator, organisationId: params.organisationId, limit: query.limit, before: query.before }),
        (entries) => ok(entries.map(auditEntryView)),
        { not_found: noOrganisation, forbidden: forbidden('This operator key lacks audit.view.') },
      ),
  }),
  route({
    operationId: 'readPresence',
    method: 'GET',
    path: '/api/v1/admin/organisations/:organisationId/presence',
    summary: 'Linked accounts connected now (renewed by `/presence` heartbeats), the limit, and the heartbeats that exceeded it.',
    tag,
    guard: operator('audit.view'),
    params: idParams('organisationId'),
    responses: { 200: { description: '`connected`, `max` (null: no limit), `overages` newest first (`at`, `connected`, `max`).' } },
    useCase: 'readPresence',
    handle: async ({ operator, params }, readPresence) =>
      answer(
        await readPresence.execute({ operator, organisationId: params.organisationId }),
        (figures) =>
          ok({
            connected: figures.connected,
            max: figures.max,
            overages: figures.overages.map((o) => ({ at: o.at.toISOString(), connected: o.connected, max: o.max })),
          }),
        { not_found: noOrganisation, forbidden: forbidden('This operator key lacks audit.view.') },
      ),
  }),
];
