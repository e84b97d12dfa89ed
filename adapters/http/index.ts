/**
 * The transport-neutral HTTP surface: the route table and everything a transport serving it must
 * not decide, as one pipeline. A transport adapter (`http-koa`, `http-uws`) mounts `createHttpPipeline`.
 */
export type { BearerTokenRules, MdtSessionRules } from './bearer-token-rules.ts';
export { HttpError, transportRefusal } from './error-catalogue.ts';
export type { Answer, Exchange, Stage, TransportRequest } from './exchange.ts';
export type { HttpState } from './http-state.ts';
export { openApiDocument } from './openapi.ts';
export {
  DEFAULT_BODY_LIMIT,
  type HttpDependencies,
  type HttpOptions,
  type HttpPipeline,
  type PipelineRow,
  answerUnrouted,
  createHttpPipeline,
  ownRouting,
} from './pipeline.ts';
export type { RouteSpec } from './route-spec.ts';
export type { HttpMetrics } from './stages/request-metrics.ts';
export { VerifiedTokens } from './verified-tokens.ts';
