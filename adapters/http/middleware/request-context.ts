import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { type Logger, withinRequest } from '../../logging/index.ts';
import type { HttpState } from '../http-state.ts';

const INCOMING_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane, else a new one), echoes
 * it on the response, and writes one access-log line with it when the response is done: one object
 * per request, built only when the line is written (no child logger per request).
 */
export function requestContext(log: Logger): Middleware<HttpState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const started = performance.now();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    try {
      await withinRequest(requestId, next);
    } finally {
      if (log.isLevelEnabled('info'))
        log.info(
          {
            requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round((performance.now() - started) * 10) / 10,
            credentialId: ctx.state.grant?.credentialId,
            operatorKeyId: ctx.state.operator?.id,
          },
          'request',
        );
    }
  };
}
