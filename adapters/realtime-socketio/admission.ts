import type { ExtendedError, Namespace } from 'socket.io';

/** A handshake refusal as every namespace gives it: `connect_error` with `data.reason`. */
export function unauthorized(reason: string): ExtendedError {
  const error: ExtendedError = new Error('unauthorized');
  error.data = { reason };
  return error;
}

/**
 * Admits a namespace's sockets by `admit(handshake auth)`: a refusal is `unauthorized(reason)`, an
 * admission is kept in `socket.data.admission`, and an admission that could not be judged (a store
 * away) is logged and refused as `unavailable`, so the client retries.
 */
/** What a handshake shows a namespace: its `auth` object and its HTTP headers (the cookie, the origin). */
export interface Handshake {
  readonly auth: unknown;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export function admitWith<A extends { ok: true } | { ok: false; reason: string }>(
  namespace: Namespace,
  admit: (handshake: Handshake) => Promise<A>,
  logger: { warn(obj: object, msg: string): void },
  what: string,
): void {
  namespace.use((socket, next) => {
    admit({ auth: socket.handshake.auth, headers: socket.handshake.headers }).then(
      (admission) => {
        if (!admission.ok) return next(unauthorized((admission as { reason: string }).reason));
        socket.data = { admission };
        next();
      },
      (error: unknown) => {
        logger.warn({ reason: String(error) }, `${what} could not be admitted`);
        next(unauthorized('unavailable'));
      },
    );
  });
}
