import { randomUUID } from 'node:crypto';
import { type Logger, withinRequest } from '../../logging/index.ts';
import type { Stage } from '../exchange.ts';

const INCOMING_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane, else a new one), echoes
 * it on the response, and writes one access-log line with it when the response is done: one object
 * per request, built only when the line is written (no child logger per request).
 */
export function requestContext(log: Logger): Stage {
  return async (ex, next) => {
    const incoming = ex.get('x-request-id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const started = performance.now();
    ex.state.requestId = requestId;
    ex.set('X-Request-Id', requestId);
    ex.set('X-Content-Type-Options', 'nosniff');
    ex.set('Cache-Control', 'no-store');
    try {
      await withinRequest(requestId, next);
    } finally {
      if (log.isLevelEnabled('info'))
        log.info(
          {
            requestId,
            method: ex.method,
            path: ex.path,
            status: ex.status,
            ms: Math.round((performance.now() - started) * 10) / 10,
            credentialId: ex.state.grant?.credentialId,
            operatorKeyId: ex.state.operator?.id,
          },
          'request',
        );
    }
  };
}
