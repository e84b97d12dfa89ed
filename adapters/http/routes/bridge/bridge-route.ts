import { type Static, type TObject, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import type { UseCases } from '../../../../application/use-cases.ts';
import type { GameGrant } from '../../../../domain/credential/access-grant.ts';
import type { BridgeScope } from '../../../../domain/credential/scope.ts';
import { type IdentifierInput, PlayerIdentifiers } from '../../../../domain/roster/player-identifiers.ts';
import type { HttpError } from '../../error-catalogue.ts';
import { invalid } from '../../refusals.ts';
import {
  type CredentialGuard,
  type Reply,
  type ResponseDoc,
  type RouteRequest,
  type RouteSpec,
  type UseCaseName,
  credentialRoute,
  ok,
} from '../../route-spec.ts';
import { identifiers } from '../../schemas.ts';
import { flagAnswerSchema } from './answer-schemas.ts';
import { type Calling, type FieldsOf, type ReasonOf, type ValueOf, callUseCase, refusalDocs } from '../answering.ts';

/** Where every bridge route lives (section 4.1), and the tag the document files them under. */
export const BRIDGE_PATH = '/api/v1/integrations/game';
export const BRIDGE_TAG = 'game bridge';

/** Identifiers that passed the schema; the domain has the last word. */
export function playerIdentifiers(input: IdentifierInput, field = 'identifiers'): PlayerIdentifiers {
  const parsed = PlayerIdentifiers.from(input);
  if (!parsed.ok) throw invalid(field, 'needs at least one of license, game, store, chat')();
  return parsed.value;
}

/** A player's request body: the player's identifiers, then the route's own fields. */
export const playerBody = <Fields extends TProperties>(fields: Fields, anyOf?: readonly { readonly required: readonly string[] }[]) =>
  Type.Object({ identifiers, ...fields }, anyOf && { anyOf });

/** A bridge route's budget: the bucket `bridge-<name>` and its requests a minute, per credential. */
type Rate = readonly [name: string, perMinute: number];

/** Where a bridge request goes, how often it may, and what it needs. */
interface BridgeRequest<Params> {
  /** Below `/api/v1/integrations/game`. */
  readonly path: string;
  readonly rate: Rate;
  readonly scope?: BridgeScope;
  readonly params?: Params;
}

/** What every game-credential route of the bridge states, whatever its body and its answer. */
interface Endpoint<Key extends UseCaseName, Body, Params> {
  readonly operationId: string;
  readonly summary: string;
  readonly request: BridgeRequest<TSchema> & { readonly body: TSchema };
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  handle(request: RouteRequest<Body, undefined, Params, GameGrant>, useCase: UseCases[Key]): Promise<Reply>;
}

/** A POST under the bridge path, for game credentials only (with the route's scope), limited per credential. */
function onBridge<Key extends UseCaseName, Body, Params>(
  useCase: Key,
  { request, ...row }: Endpoint<Key, Body, Params>,
): RouteSpec<Key, Body, undefined, Params, GameGrant> {
  const { path, rate, scope, params, body } = request;
  const [name, perMinute] = rate;
  const guard: CredentialGuard<'game'> = { kind: 'credential', credential: 'game', ...(scope && { scope }) };
  return credentialRoute({
    ...row,
    method: 'POST',
    path: `${BRIDGE_PATH}${path}`,
    tag: BRIDGE_TAG,
    guard,
    rateLimit: { bucket: `bridge-${name}`, perMinute, per: 'credential' },
    ...(params && { params }),
    body,
    useCase,
  });
}

/** A bridge route whose body and answer are its own. */
export interface BridgeEndpoint<Key extends UseCaseName, Body extends TSchema, Params extends TObject | undefined> {
  readonly operationId: string;
  readonly summary: string;
  readonly request: BridgeRequest<Params> & { readonly body: Body };
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  handle(request: RouteRequest<Static<Body>, undefined, FieldsOf<Params>, GameGrant>, useCase: UseCases[Key]): Promise<Reply>;
}

/** A bridge route whose body and answer are its own: its handler reads what its schemas declare. */
export function bridgeEndpoint<Key extends UseCaseName, Body extends TSchema, Params extends TObject | undefined = undefined>(
  useCase: Key,
  endpoint: BridgeEndpoint<Key, Body, Params>,
): RouteSpec<Key, Static<Body>, undefined, FieldsOf<Params>, GameGrant> {
  return onBridge(useCase, endpoint);
}

/** What a player's use case is called with: the grant, the player's identifiers, the path's ids and the body's own fields. */
export type PlayerInput<Fields extends TProperties, Params extends TObject | undefined> = {
  readonly grant: GameGrant;
  readonly identifiers: PlayerIdentifiers;
} & Static<TObject<Fields>> &
  FieldsOf<Params>;

type PlayerBody<Fields extends TProperties> = Static<TObject<Fields>> & { readonly identifiers: IdentifierInput };

/**
 * Section 4.1's answer: `flag: true` with what `carries` names, or `flag: false` with the refusal's
 * `reason`. `carries` lists the value's own fields (in that order; none: the flag alone), or names
 * the one field that holds the whole value, or lists the fields `present` makes of it.
 */
export type FlagAnswer<Value, Reason extends string> = {
  readonly flag: string;
  /** The refusals answered with the flag `false`, as the document lists them. */
  readonly refusals: readonly Reason[];
} & (
  | { readonly carries: readonly (keyof Value & string)[] | string; readonly present?: undefined }
  | { readonly carries: readonly string[]; present(value: Value): Record<string, unknown> }
);

/** A player's action on the bridge, as its row states it; the rest is the bridge's. */
export type BridgeRow<Key extends UseCaseName, Fields extends TProperties, Params extends TObject | undefined> = {
  /** Where the document names the operation otherwise than `bridge` and the use case's name. */
  readonly operationId?: string;
  readonly summary: string;
  readonly request: BridgeRequest<Params> & {
    /** The body's fields besides `identifiers`, which every player's request carries. */
    readonly fields: Fields;
    /** Alternatives among optional fields: the body holds all of at least one list. */
    readonly anyOf?: readonly { readonly required: readonly string[] }[];
  };
  readonly answer: FlagAnswer<ValueOf<Key>, ReasonOf<Key>>;
  /** Refusals that are errors instead: bad input (400) or a spent allowance (429). */
  readonly errors?: { readonly [Reason in ReasonOf<Key>]?: () => HttpError };
  /** Responses besides the 200, where the route has more to say. */
  readonly responses?: Readonly<Record<number, ResponseDoc>>;
} & Calling<Key, PlayerInput<Fields, Params>>;

/** A player's action on the bridge, driving one use case: the body carries the player's identifiers, the answer is a flag. */
export function bridgeRoute<Key extends UseCaseName, Fields extends TProperties, Params extends TObject | undefined = undefined>(
  useCase: Key,
  row: BridgeRow<Key, Fields, Params>,
): RouteSpec<Key, PlayerBody<Fields>, undefined, FieldsOf<Params>, GameGrant> {
  const { fields, anyOf, ...request } = row.request;
  const { flag, carries, refusals } = row.answer;
  const reasons = refusals.join(', ');
  return onBridge<Key, PlayerBody<Fields>, FieldsOf<Params>>(useCase, {
    operationId: row.operationId ?? `bridge${useCase.charAt(0).toUpperCase()}${useCase.slice(1)}`,
    summary: row.summary,
    request: { ...request, body: playerBody(fields, anyOf) },
    responses: {
      200: {
        description: `\`${flag}: true\` with ${fieldList(carries)}; or \`${flag}: false\` with \`reason\`${reasons && ` (${reasons})`}.`,
        schema: flagAnswerSchema(flag, carries, refusals),
      },
      ...refusalDocs(row.errors),
      ...row.responses,
    },
    handle: async ({ grant, body, params: ids }, useCase) => {
      // The identifiers as the domain reads them replace the ones sent.
      const input = { ...ids, ...body, grant, identifiers: playerIdentifiers(body.identifiers) };
      const outcome = await callUseCase(row, input, useCase);
      if (outcome.ok) return ok({ [flag]: true, ...presented(row.answer, outcome.value) });
      const error = row.errors?.[outcome.reason];
      if (error !== undefined) throw error();
      return ok({ [flag]: false, reason: outcome.reason });
    },
  });
}

function presented<Value>(answer: FlagAnswer<Value, string>, value: Value): Record<string, unknown> {
  if (answer.present !== undefined) return answer.present(value);
  const { carries } = answer;
  if (typeof carries === 'string') return { [carries]: value };
  return Object.fromEntries(carries.map((field) => [field, value[field]]));
}

function fieldList(carries: readonly string[] | string): string {
  const fields = typeof carries === 'string' ? [carries] : carries;
  return fields.length === 0 ? 'nothing else' : fields.map((field) => `\`${field}\``).join(', ');
}
