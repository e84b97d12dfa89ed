import { Type, type TProperties } from '@sinclair/typebox';
import { BOLO_SCOPES, BOLO_SEVERITIES } from '../../../domain/bolo/bolo-terms.ts';
import { MAX_PRESENCE_IDENTIFIERS } from '../../../domain/presence/presence.ts';
import { MAX_CHARGES, MIN_CHARGES } from '../../../domain/records/arrest.ts';
import type { IdentifierInput } from '../../../domain/roster/player-identifiers.ts';
import { PlayerIdentifiers } from '../../../domain/roster/player-identifiers.ts';
import type { CallId } from '../../../domain/shared/ids.ts';
import type { Outcome } from '../../../domain/shared/outcome.ts';
import { HttpError } from '../error-catalogue.ts';
import { invalid } from '../refusals.ts';
import { type Reply, type RouteSpec, gameRoute, ok, route } from '../route-spec.ts';
import { coordinate, dateOfBirth, id, identifiers, idParams, oneOf, plate, text } from '../schemas.ts';

const game = { kind: 'credential', credential: 'game' } as const;
const tag = 'game bridge';
const base = '/api/v1/integrations/game';
const perCredential = (bucket: string, perMinute: number) => ({ bucket: `bridge-${bucket}`, perMinute, per: 'credential' }) as const;

/** Identifiers that passed the schema; the domain has the last word. */
export function playerIdentifiers(input: IdentifierInput, field = 'identifiers'): PlayerIdentifiers {
  const parsed = PlayerIdentifiers.from(input);
  if (!parsed.ok) throw invalid(field, 'needs at least one of license, game, store, chat')();
  return parsed.value;
}

/** Errors, not refusals, for reasons that are bad input (400) or a spent allowance (429). */
type ErrorAnswers = Readonly<Record<string, () => HttpError>>;

/**
 * A bridge answer (section 4.1): success is the route's flag `true` with its fields; a refusal
 * is the same flag `false` with its `reason`, and still a 200. Reasons in `errors` are errors.
 */
function flagged<Value, Reason extends string>(
  flag: string,
  outcome: Outcome<Value, Reason>,
  fields: (value: Value) => Record<string, unknown>,
  errors: ErrorAnswers = {},
): Reply {
  if (outcome.ok) return ok({ [flag]: true, ...fields(outcome.value) });
  const error = errors[outcome.reason];
  if (error !== undefined) throw error();
  return ok({ [flag]: false, reason: outcome.reason });
}

const badDateOfBirth = (field: string) => ({ invalid_date_of_birth: invalid(field, 'must be a real date written YYYY-MM-DD') });
const badPlate = (field: string) => ({ invalid_plate: invalid(field, 'must be 1 to 16 letters, digits or dashes (spaces are ignored)') });

const name = text(100);
const person = Type.Object({ firstName: name, lastName: name, dateOfBirth });
/** The body of a player's request: the player's identifiers, then the route's own fields. */
const withIdentifiers = <Fields extends TProperties>(fields: Fields, options?: { anyOf: { required: string[] }[] }) =>
  Type.Object({ identifiers, ...fields }, options);
const dutyFields = {
  departmentSlug: text(64),
  onDuty: Type.Boolean(),
  jobLabel: Type.Optional(text(100, 0)),
  gradeLabel: Type.Optional(text(100, 0)),
  characterName: Type.Optional(text(100, 0)),
};
const point = { mapX: coordinate, mapY: coordinate };

const flagDoc = (flag: string, fields: string, reasons: string) => ({
  200: { description: `\`${flag}: true\` with ${fields}; or \`${flag}: false\` with \`reason\`${reasons === '' ? '' : ` (${reasons})`}.` },
});

export const bridgeRoutes: readonly RouteSpec[] = [
  gameRoute({
    operationId: 'bridgeLinkIdentity',
    method: 'POST',
    path: `${base}/identity/link`,
    summary: 'Links the player to the account that generated the one-time code.',
    tag,
    guard: game,
    rateLimit: perCredential('identity-link', 10),
    body: withIdentifiers({ code: text(32) }),
    responses: flagDoc('linked', '`characterPublicId`, `displayName`', 'invalid_or_expired_code'),
    useCase: 'linkIdentity',
    handle: async ({ grant, body }, linkIdentity) =>
      flagged('linked', await linkIdentity.execute({ grant, identifiers: playerIdentifiers(body.identifiers), code: body.code }), (v) => ({
        characterPublicId: v.characterPublicId,
        displayName: v.displayName,
      })),
  }),
  gameRoute({
    operationId: 'bridgeSyncDuty',
    method: 'POST',
    path: `${base}/duty`,
    summary: 'Puts the player on or off duty in the credential’s department; creates a player seen for the first time.',
    tag,
    guard: game,
    rateLimit: perCredential('duty', 60),
    body: withIdentifiers(dutyFields),
    responses: {
      ...flagDoc(
        'synced',
        '`unitId`, `status`',
        'not_linked, unknown_department_slug, no_department_membership, callsign_not_assigned, unit_inactive',
      ),
      429: { description: 'Past the credential’s hourly allowance of new players, or its per-minute limit.' },
    },
    useCase: 'syncDuty',
    handle: async ({ grant, body }, syncDuty) =>
      flagged(
        'synced',
        await syncDuty.execute({
          grant,
          identifiers: playerIdentifiers(body.identifiers),
          departmentSlug: body.departmentSlug,
          onDuty: body.onDuty,
          jobLabel: body.jobLabel,
          gradeLabel: body.gradeLabel,
          characterName: body.characterName,
        }),
        (v) => ({ unitId: v.unitId, status: v.status }),
        { provision_limit_reached: () => new HttpError('RATE_LIMITED') },
      ),
  }),
  gameRoute({
    operationId: 'bridgeLookupVehicle',
    method: 'POST',
    path: `${base}/lookup/vehicle`,
    summary: 'Runs a plate.',
    tag,
    guard: game,
    rateLimit: perCredential('lookup-vehicle', 60),
    body: withIdentifiers({ plate }),
    responses: flagDoc('found', '`vehicle`', 'not_linked, not_on_duty, no_match'),
    useCase: 'lookupVehicle',
    handle: async ({ grant, body }, lookupVehicle) =>
      flagged(
        'found',
        await lookupVehicle.execute({ grant, identifiers: playerIdentifiers(body.identifiers), plate: body.plate }),
        (vehicle) => ({ vehicle }),
      ),
  }),
  gameRoute({
    operationId: 'bridgeLookupPerson',
    method: 'POST',
    path: `${base}/lookup/person`,
    summary: 'Finds civilians by exact name; at most 10.',
    tag,
    guard: game,
    rateLimit: perCredential('lookup-person', 60),
    body: withIdentifiers({ firstName: name, lastName: name }),
    responses: flagDoc('found', '`matches`', 'not_linked, not_on_duty, no_match'),
    useCase: 'lookupPerson',
    handle: async ({ grant, body }, lookupPerson) =>
      flagged(
        'found',
        await lookupPerson.execute({
          grant,
          identifiers: playerIdentifiers(body.identifiers),
          firstName: body.firstName,
          lastName: body.lastName,
        }),
        (matches) => ({ matches }),
      ),
  }),
  gameRoute({
    operationId: 'bridgeWarrantCheck',
    method: 'POST',
    path: `${base}/warrant-check`,
    summary: 'Whether exactly one civilian, by name and date of birth, has an active warrant; never a guess.',
    tag,
    guard: game,
    rateLimit: perCredential('warrant-check', 60),
    body: withIdentifiers({ firstName: name, lastName: name, dateOfBirth: text(32) }),
    responses: flagDoc('checked', '`hasActiveWarrant`, `civilianId`', 'not_linked, not_on_duty, no_match, multiple_matches'),
    useCase: 'checkWarrants',
    handle: async ({ grant, body }, checkWarrants) =>
      flagged(
        'checked',
        await checkWarrants.execute({
          grant,
          identifiers: playerIdentifiers(body.identifiers),
          firstName: body.firstName,
          lastName: body.lastName,
          dateOfBirth: body.dateOfBirth,
        }),
        (v) => ({ hasActiveWarrant: v.hasActiveWarrant, civilianId: v.civilianId }),
      ),
  }),
  gameRoute({
    operationId: 'bridgeIssueBolo',
    method: 'POST',
    path: `${base}/bolo`,
    summary: 'Issues a BOLO about a person, a plate or both; unknown subjects are registered.',
    tag,
    guard: { ...game, scope: 'game.bolo.trigger' },
    rateLimit: perCredential('bolo', 20),
    body: withIdentifiers({
      subject: Type.Object(
        {
          civilian: Type.Optional(Type.Object({ firstName: name, lastName: name, dateOfBirth: Type.Optional(dateOfBirth) })),
          plate: Type.Optional(plate),
        },
        { anyOf: [{ required: ['civilian'] }, { required: ['plate'] }] },
      ),
      severity: oneOf(BOLO_SEVERITIES),
      scope: oneOf(BOLO_SCOPES),
      subjectDescription: text(1000),
      reason: text(1000),
      narrative: text(4000, 0),
    }),
    responses: flagDoc('issued', '`boloId`, `boloNumber`', 'not_linked, not_on_duty'),
    useCase: 'issueBolo',
    handle: async ({ grant, body }, issueBolo) =>
      flagged(
        'issued',
        await issueBolo.execute({
          grant,
          identifiers: playerIdentifiers(body.identifiers),
          subject: body.subject,
          severity: body.severity,
          scope: body.scope,
          subjectDescription: body.subjectDescription,
          reason: body.reason,
          narrative: body.narrative,
        }),
        (v) => ({ boloId: v.boloId, boloNumber: v.boloNumber }),
        {
          ...badDateOfBirth('subject.civilian.dateOfBirth'),
          ...badPlate('subject.plate'),
          no_subject: invalid('subject', 'needs civilian or plate'),
        },
      ),
  }),
  gameRoute({
    operationId: 'bridgeBoloCheck',
    method: 'POST',
    path: `${base}/bolo-check`,
    summary: 'Active BOLOs about a plate or a person that the officer’s department may see; at most 10.',
    tag,
    guard: game,
    rateLimit: perCredential('bolo-check', 60),
    body: withIdentifiers(
      { plate: Type.Optional(plate), firstName: Type.Optional(name), lastName: Type.Optional(name) },
      { anyOf: [{ required: ['plate'] }, { required: ['firstName', 'lastName'] }] },
    ),
    responses: flagDoc('checked', '`matches`', 'not_linked, not_on_duty'),
    useCase: 'checkBolos',
    handle: async ({ grant, body }, checkBolos) =>
      flagged(
        'checked',
        await checkBolos.execute({
          grant,
          identifiers: playerIdentifiers(body.identifiers),
          plate: body.plate,
          name:
            body.firstName !== undefined && body.lastName !== undefined
              ? { firstName: body.firstName, lastName: body.lastName }
              : undefined,
        }),
        (matches) => ({ matches }),
      ),
  }),
  gameRoute({
    operationId: 'bridgeResolveBolo',
    method: 'POST',
    path: `${base}/bolo/:boloId/resolve`,
    summary: 'Resolves a BOLO of the officer’s department; resolving it again succeeds.',
    tag,
    guard: game,
    rateLimit: perCredential('bolo-resolve', 20),
    params: idParams('boloId'),
    body: withIdentifiers({}),
    responses: flagDoc('resolved', '`boloId`, `status`', 'not_linked, not_on_duty, bolo_not_found, wrong_department'),
    useCase: 'resolveBolo',
    handle: async ({ grant, body, params }, resolveBolo) =>
      flagged(
        'resolved',
        await resolveBolo.execute({ grant, identifiers: playerIdentifiers(body.identifiers), boloId: params.boloId }),
        (v) => ({ boloId: v.boloId, status: v.status }),
      ),
  }),
  gameRoute({
    operationId: 'bridgeIssueCitation',
    method: 'POST',
    path: `${base}/citation`,
    summary: 'Cites a person; an unknown person is registered.',
    tag,
    guard: { ...game, scope: 'game.citation.issue' },
    rateLimit: perCredential('citation', 10),
    body: withIdentifiers({
      civilian: person,
      plate: text(32, 0),
      locationText: text(500),
      statuteCode: text(64),
      statuteDescription: text(500),
      fineAmount: Type.Number({ minimum: 0, maximum: 1e9 }),
    }),
    responses: flagDoc('issued', '`citationId`, `citationNumber`', 'not_linked, not_on_duty'),
    useCase: 'issueCitation',
    handle: async ({ grant, body }, issueCitation) =>
      flagged(
        'issued',
        await issueCitation.execute({
          grant,
          identifiers: playerIdentifiers(body.identifiers),
          civilian: body.civilian,
          plate: body.plate,
          locationText: body.locationText,
          statuteCode: body.statuteCode,
          statuteDescription: body.statuteDescription,
          fineAmount: body.fineAmount,
        }),
        (v) => ({ citationId: v.citationId, citationNumber: v.citationNumber }),
        { ...badDateOfBirth('civilian.dateOfBirth'), ...badPlate('plate') },
      ),
  }),
  gameRoute({
    operationId: 'bridgeLogArrest',
    method: 'POST',
    path: `${base}/arrest`,
    summary: 'Books a person on 1 to 20 charges; an unknown person is registered.',
    tag,
    guard: { ...game, scope: 'game.arrest.log' },
    rateLimit: perCredential('arrest', 10),
    body: withIdentifiers({
      civilian: person,
      locationText: text(500),
      narrative: text(8000),
      charges: Type.Array(Type.Object({ statuteCode: text(64), statuteDescription: text(500) }), {
        minItems: MIN_CHARGES,
        maxItems: MAX_CHARGES,
      }),
    }),
    responses: flagDoc('booked', '`arrestId`, `arrestNumber`', 'not_linked, not_on_duty'),
    useCase: 'logArrest',
    handle: async ({ grant, body }, logArrest) =>
      flagged(
        'booked',
        await logArrest.execute({
          grant,
          identifiers: playerIdentifiers(body.identifiers),
          civilian: body.civilian,
          locationText: body.locationText,
          narrative: body.narrative,
          charges: body.charges,
        }),
        (v) => ({ arrestId: v.arrestId, arrestNumber: v.arrestNumber }),
        { ...badDateOfBirth('civilian.dateOfBirth'), charges_out_of_range: invalid('charges', `needs ${MIN_CHARGES} to ${MAX_CHARGES}`) },
      ),
  }),
  gameRoute({
    operationId: 'bridgeSyncCivilian',
    method: 'POST',
    path: `${base}/civilian`,
    summary: 'Finds or registers the civilian a player plays; always succeeds.',
    tag,
    guard: game,
    rateLimit: perCredential('civilian', 60),
    body: withIdentifiers({ civilian: person }),
    responses: flagDoc('synced', '`civilianId`, `created`', ''),
    useCase: 'syncCivilian',
    handle: async ({ grant, body }, syncCivilian) =>
      flagged(
        'synced',
        await syncCivilian.execute({ grant, identifiers: playerIdentifiers(body.identifiers), civilian: body.civilian }),
        (v) => ({ civilianId: v.civilianId, created: v.created }),
        badDateOfBirth('civilian.dateOfBirth'),
      ),
  }),
  gameRoute({
    operationId: 'bridgeClaimCivilian',
    method: 'POST',
    path: `${base}/civilian/claim`,
    summary: 'A linked player claims a civilian as their own.',
    tag,
    guard: game,
    rateLimit: perCredential('civilian-claim', 10),
    body: withIdentifiers({ civilian: person }),
    responses: flagDoc('claimed', '`civilianId`', 'not_linked, already_claimed'),
    useCase: 'claimCivilian',
    handle: async ({ grant, body }, claimCivilian) =>
      flagged(
        'claimed',
        await claimCivilian.execute({ grant, identifiers: playerIdentifiers(body.identifiers), civilian: body.civilian }),
        (v) => ({ civilianId: v.civilianId }),
        badDateOfBirth('civilian.dateOfBirth'),
      ),
  }),
  gameRoute({
    operationId: 'bridgeSyncVehicle',
    method: 'POST',
    path: `${base}/vehicle`,
    summary: 'Registers a vehicle by exact plate, or finds it; never overwrites make, model or colour.',
    tag,
    guard: game,
    rateLimit: perCredential('vehicle', 60),
    body: withIdentifiers({
      vehicle: Type.Object({
        plate,
        make: Type.Optional(text(60, 0)),
        model: Type.Optional(text(60, 0)),
        color: Type.Optional(text(40, 0)),
      }),
    }),
    responses: flagDoc('synced', '`vehicleId`, `created`', ''),
    useCase: 'syncVehicle',
    handle: async ({ grant, body }, syncVehicle) =>
      flagged(
        'synced',
        await syncVehicle.execute({ grant, identifiers: playerIdentifiers(body.identifiers), vehicle: body.vehicle }),
        (v) => ({ vehicleId: v.vehicleId, created: v.created }),
        badPlate('vehicle.plate'),
      ),
  }),
  gameRoute({
    operationId: 'bridgePanic',
    method: 'POST',
    path: `${base}/panic`,
    summary: 'Raises a P1 call at the officer’s position; assigns nobody.',
    tag,
    guard: game,
    rateLimit: perCredential('panic', 6),
    body: withIdentifiers(point),
    responses: flagDoc('triggered', '`callId`, `callNumber`', 'not_linked, not_on_duty'),
    useCase: 'triggerPanic',
    handle: async ({ grant, body }, triggerPanic) =>
      flagged(
        'triggered',
        await triggerPanic.execute({ grant, identifiers: playerIdentifiers(body.identifiers), mapX: body.mapX, mapY: body.mapY }),
        (v) => ({ callId: v.callId, callNumber: v.callNumber }),
      ),
  }),
  gameRoute({
    operationId: 'bridgeReport911',
    method: 'POST',
    path: `${base}/911`,
    summary: 'A linked player reports an emergency; on duty or not.',
    tag,
    guard: game,
    rateLimit: perCredential('911', 20),
    body: withIdentifiers({ ...point, description: text(2000) }),
    responses: flagDoc('reported', '`callId`, `callNumber`', 'not_linked, no_department'),
    useCase: 'reportEmergency',
    handle: async ({ grant, body }, reportEmergency) =>
      flagged(
        'reported',
        await reportEmergency.execute({
          grant,
          identifiers: playerIdentifiers(body.identifiers),
          mapX: body.mapX,
          mapY: body.mapY,
          description: body.description,
        }),
        (v) => ({ callId: v.callId, callNumber: v.callNumber }),
      ),
  }),
  gameRoute({
    operationId: 'bridgeSelfAssign',
    method: 'POST',
    path: `${base}/911/self-assign`,
    summary: 'The officer’s own unit takes a call: EN_ROUTE, and a PENDING call becomes ACTIVE, atomically.',
    tag,
    guard: game,
    rateLimit: perCredential('self-assign', 20),
    body: withIdentifiers({ callId: id<CallId>() }),
    responses: flagDoc(
      'assigned',
      '`unitId`, `callStatus`, `unitStatus`',
      'not_linked, not_on_duty, call_not_found, already_assigned, wrong_department',
    ),
    useCase: 'selfAssign',
    handle: async ({ grant, body }, selfAssign) =>
      flagged(
        'assigned',
        await selfAssign.execute({ grant, identifiers: playerIdentifiers(body.identifiers), callId: body.callId }),
        (v) => ({ unitId: v.unitId, callStatus: v.callStatus, unitStatus: v.unitStatus }),
      ),
  }),
  gameRoute({
    operationId: 'bridgeUnassign',
    method: 'POST',
    path: `${base}/911/unassign`,
    summary: 'The officer’s own unit leaves a call and is AVAILABLE again.',
    tag,
    guard: game,
    rateLimit: perCredential('unassign', 20),
    body: withIdentifiers({ callId: id<CallId>() }),
    responses: flagDoc('unassigned', '`unitId`, `unitStatus`', 'not_linked, not_on_duty, call_not_found, not_assigned, wrong_department'),
    useCase: 'unassignSelf',
    handle: async ({ grant, body }, unassignSelf) =>
      flagged(
        'unassigned',
        await unassignSelf.execute({ grant, identifiers: playerIdentifiers(body.identifiers), callId: body.callId }),
        (v) => ({ unitId: v.unitId, unitStatus: v.unitStatus }),
      ),
  }),
  gameRoute({
    operationId: 'bridgeNarrative',
    method: 'POST',
    path: `${base}/911/narrative`,
    summary: 'Adds a note to a call’s timeline; closed calls included.',
    tag,
    guard: game,
    rateLimit: perCredential('narrative', 60),
    body: withIdentifiers({ callId: id<CallId>(), text: text(4000) }),
    responses: flagDoc('updated', '`eventId`', 'not_linked, not_on_duty, call_not_found, wrong_department'),
    useCase: 'addNarrative',
    handle: async ({ grant, body }, addNarrative) =>
      flagged(
        'updated',
        await addNarrative.execute({
          grant,
          identifiers: playerIdentifiers(body.identifiers),
          callId: body.callId,
          text: body.text,
        }),
        (v) => ({ eventId: v.eventId }),
      ),
  }),
  gameRoute({
    operationId: 'bridgeLocation',
    method: 'POST',
    path: `${base}/location`,
    summary: 'The officer’s position heartbeat; not stored. Inside the arrival radius of the assignment pin the unit goes ON_SCENE.',
    tag,
    guard: game,
    rateLimit: perCredential('location', 600),
    body: withIdentifiers(point),
    responses: flagDoc('reported', 'nothing else', 'not_linked, not_on_duty'),
    useCase: 'reportLocation',
    handle: async ({ grant, body }, reportLocation) =>
      flagged(
        'reported',
        await reportLocation.execute({
          grant,
          identifiers: playerIdentifiers(body.identifiers),
          mapX: body.mapX,
          mapY: body.mapY,
        }),
        () => ({}),
      ),
  }),
  gameRoute({
    operationId: 'bridgeWaypoint',
    method: 'POST',
    path: `${base}/waypoint`,
    summary: 'Where the officer’s unit is sent; a pure read.',
    tag,
    guard: game,
    rateLimit: perCredential('waypoint', 300),
    body: withIdentifiers({}),
    responses: {
      200: {
        description:
          '`hasWaypoint: true` with `callId`, `callNumber`, `mapX`, `mapY`; or `hasWaypoint: false` with `reason` (not_linked, not_on_duty, no_assignment, no_pin), `assignedCallId` and `assignedCallNumber`.',
      },
    },
    useCase: 'readWaypoint',
    handle: async ({ grant, body }, readWaypoint) => {
      const outcome = await readWaypoint.execute({ grant, identifiers: playerIdentifiers(body.identifiers) });
      if (!outcome.ok) return ok({ hasWaypoint: false, reason: outcome.reason, assignedCallId: null, assignedCallNumber: null });
      return ok(outcome.value);
    },
  }),
  gameRoute({
    operationId: 'bridgeMdtHandoff',
    method: 'POST',
    path: `${base}/mdt-handoff`,
    summary: 'A single-use token, valid 120 s, that opens the MDT web client: `full` for an on-duty officer, else `basic`.',
    tag,
    guard: game,
    rateLimit: perCredential('mdt-handoff', 10),
    body: withIdentifiers(dutyFields),
    responses: flagDoc('issued', '`token`, `expiresAt`, `tier`', 'not_linked'),
    useCase: 'issueMdtHandoff',
    handle: async ({ grant, body }, issueMdtHandoff) =>
      flagged(
        'issued',
        await issueMdtHandoff.execute({
          grant,
          identifiers: playerIdentifiers(body.identifiers),
          departmentSlug: body.departmentSlug,
          onDuty: body.onDuty,
          jobLabel: body.jobLabel,
          gradeLabel: body.gradeLabel,
          characterName: body.characterName,
        }),
        (v) => ({ token: v.token, expiresAt: v.expiresAt.toISOString(), tier: v.tier }),
      ),
  }),
  gameRoute({
    operationId: 'bridgePresence',
    method: 'POST',
    path: `${base}/presence`,
    summary: 'Renews the connected claim of every linked player among up to 500; never provisions or disconnects anyone.',
    tag,
    guard: game,
    rateLimit: perCredential('presence', 10),
    body: Type.Object({ identifiers: Type.Array(identifiers, { maxItems: MAX_PRESENCE_IDENTIFIERS }) }),
    responses: { 200: { description: '`acknowledged: true`.' } },
    useCase: 'renewPresence',
    handle: async ({ grant, body }, renewPresence) => {
      const players = body.identifiers.map((input, i) => playerIdentifiers(input, `identifiers[${i}]`));
      await renewPresence.execute({ grant, players });
      return ok({ acknowledged: true });
    },
  }),
  route({
    operationId: 'bridgeLatestRelease',
    method: 'GET',
    path: `${base}/resource-release/latest`,
    summary: 'The latest published version of a game resource; public, no credential.',
    tag,
    guard: { kind: 'public' },
    rateLimit: { bucket: 'release-check', perMinute: 30, per: 'address' },
    query: Type.Object({ resourceSlug: text(100), currentVersion: text(64) }),
    responses: {
      200: {
        description:
          '`found: true` with `resourceSlug`, `latestVersion`, `updateAvailable`, `manifest`; or `found: false` with `resourceSlug`.',
      },
    },
    useCase: 'checkRelease',
    handle: async ({ query }, checkRelease) => {
      const check = await checkRelease.execute(query);
      if (!check.found) return ok({ found: false, resourceSlug: query.resourceSlug });
      return ok({
        found: true,
        resourceSlug: query.resourceSlug,
        latestVersion: check.release.version,
        updateAvailable: check.updateAvailable,
        manifest: check.release.manifest,
      });
    },
  }),
];
