import type { Call } from '../../domain/call/call.ts';
import type { CallStatus } from '../../domain/call/call-status.ts';
import type { CallId, DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';

export interface CallFilter {
  readonly organisationId: OrganisationId;
  readonly departmentId?: DepartmentId;
  readonly status?: CallStatus;
  /** Any of these statuses (with `status`, both must hold). */
  readonly statuses?: readonly CallStatus[];
  /** Only calls older than this one (ids are time-ordered): the keyset walk of a page after another. */
  readonly before?: CallId;
  readonly limit: number;
  readonly offset: number;
}

export interface CallRepository {
  /** The call with its whole timeline, notes oldest first. */
  get(id: CallId): Promise<Call | null>;
  /** Reads the call and holds it against concurrent writers until the transaction ends. */
  getForUpdate(id: CallId): Promise<Call | null>;
  /**
   * Reads the call and holds it against changes of the call itself (its status, its fields, a
   * writer that got it `getForUpdate`) until the transaction ends, while other writers may add notes
   * to it at the same time: for a write that only adds notes (decision 0149). The call comes
   * without the notes stored already: adding one needs only the call's own fields, and a call's
   * timeline can run to hundreds of notes (decision 0151).
   */
  getForNote(id: CallId): Promise<Call | null>;
  /** Inserts or updates the call, and appends the timeline notes not stored yet (notes never change). */
  save(call: Call): Promise<void>;
  /**
   * Appends the timeline notes not stored yet, and writes nothing else of the call: the call's own
   * fields stay as stored (decision 0149). For a call read with `getForNote`.
   */
  appendNotes(call: Call): Promise<void>;
  /** Newest first. */
  list(filter: CallFilter): Promise<Call[]>;
}
