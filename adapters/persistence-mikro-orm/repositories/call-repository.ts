import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { CallFilter, CallRepository } from '../../../application/ports/call-repository.ts';
import type { Call, TimelineNote } from '../../../domain/call/call.ts';
import type { CallId } from '../../../domain/shared/ids.ts';
import { callFromRecord, callToRecord, noteFromRecord, notesFromJson, notesToJson } from '../mappers/dispatch-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { CallNoteRecord, CallRecord } from '../records/dispatch-records.ts';

/**
 * Appends, in the order of the call's timeline, the notes not stored yet: a note stored already
 * (by this call's earlier saves or by a concurrent writer) is left as it is.
 */
const APPEND_NOTES = `insert into call_notes (event_id, call_id, text, author_kind, author_id, author_label, at)
  select (e.note->>'eventId')::uuid, ?::uuid, e.note->>'text', e.note->>'authorKind', e.note->>'authorId',
    e.note->>'authorLabel', (e.note->>'at')::timestamptz
  from jsonb_array_elements(?::jsonb) with ordinality as e(note, position)
  order by e.position
  on conflict (event_id) do nothing`;

/**
 * The call's row, locked (`FOR UPDATE OF c`), with its notes oldest first as one JSON array, in one
 * statement (a scalar subquery is a query level of its own, so its aggregate does not stop the lock).
 * Under READ COMMITTED a statement that waited for the lock returns the row as the holder committed
 * it, but its subquery still reads the notes as of the statement's start: stale if the holder added
 * some. Every write of the call's notes under this lock also writes the call's row (`save`), so the
 * row's version (`xmin`) tells: `locked_version` is the locked row's, `read_version` the one the
 * statement's snapshot sees. They differ only when the statement waited for a writer of the call;
 * then the notes are read again. A writer of notes alone holds the call shared and leaves its row
 * as it is (decision 0149): the notes it commits while this statement waits are not in this read,
 * but they are stored, and the boards have them from that writer's change.
 */
const CALL_WITH_NOTES_FOR_UPDATE = `select c.*, coalesce((
    select json_agg(json_build_object('eventId', n.event_id, 'text', n.text, 'authorKind', n.author_kind,
      'authorId', n.author_id, 'authorLabel', n.author_label, 'at', n.at) order by n.seq)
    from call_notes n where n.call_id = c.id), '[]'::json) as notes_json,
    c.xmin::text as locked_version, (select s.xmin::text from calls s where s.id = c.id) as read_version
  from calls c where c.id = ?
  for update of c`;
/**
 * The call's row with a shared lock (decision 0149): it waits for a writer that holds the call
 * `for update` and stops one, but not another writer of notes, which holds it shared too. Without
 * the call's notes (decision 0151): adding one reads none of them.
 */
const CALL_FOR_NOTE = 'select c.* from calls c where c.id = ? for share of c';

type CallWithNotesRow = Record<string, unknown> & { notes_json: unknown; locked_version: string; read_version: string | null };

export class MikroOrmCallRepository implements CallRepository {
  /**
   * How many of each loaded call's notes the store holds: `save` appends only the notes after
   * them, so a write that adds no note writes no note row. Known only to this adapter (the domain
   * stays unaware of storage); a call lives for one unit of work, and a new call starts at none.
   */
  private readonly storedNotes = new WeakMap<Call, number>();

  constructor(private readonly session: OrmSession) {}

  get = (id: CallId) => this.one(id);

  /** `SELECT ... FOR UPDATE` on the call's row, with its notes in the same statement: concurrent writers of the same call wait for this one. */
  getForUpdate = (id: CallId) => this.locked(CALL_WITH_NOTES_FOR_UPDATE, id);

  /** `SELECT ... FOR SHARE`: writers of notes hold the call together; a change of the call waits for them all. */
  async getForNote(id: CallId): Promise<Call | null> {
    const em = this.session.em() as unknown as SqlEntityManager;
    const [row] = await em.execute<Record<string, unknown>[]>(CALL_FOR_NOTE, [id]);
    return row === undefined ? null : this.loaded(callFromRecord(em.map(CallRecord, row as never), []));
  }

  private async locked(statement: string, id: CallId): Promise<Call | null> {
    const em = this.session.em() as unknown as SqlEntityManager;
    const [row] = await em.execute<CallWithNotesRow[]>(statement, [id]);
    if (row === undefined) return null;
    const { notes_json: notesJson, locked_version: locked, read_version: read, ...columns } = row;
    const notes = locked === read ? notesFromJson(notesJson) : ((await this.notesOf([id])).get(id) ?? []);
    return this.loaded(callFromRecord(em.map(CallRecord, columns as never), notes));
  }

  /** The row and the notes not stored yet go together: in the running unit of work, or else in their own. */
  save(call: Call): Promise<void> {
    return this.session.run(() =>
      this.session.held(async () => {
        await this.session.write((em) => em.upsert(CallRecord, callToRecord(call)));
        await this.appendFresh(call);
      }),
    );
  }

  /** The notes not stored yet, and not the call's row: other writers of notes hold it too (decision 0149). */
  appendNotes(call: Call): Promise<void> {
    return this.session.run(() => this.session.held(() => this.appendFresh(call)));
  }

  private async appendFresh(call: Call): Promise<void> {
    const { id, notes } = call.snapshot();
    const fresh = notes.slice(this.storedNotes.get(call) ?? 0);
    if (fresh.length === 0) return;
    await (this.session.em() as unknown as SqlEntityManager).execute(APPEND_NOTES, [id, notesToJson(fresh)]);
    this.storedNotes.set(call, notes.length);
  }

  async list(filter: CallFilter): Promise<Call[]> {
    if (filter.limit <= 0) return [];
    const em = this.session.em();
    const rows = await em.find(
      CallRecord,
      {
        organisationId: filter.organisationId,
        ...(filter.departmentId === undefined ? {} : { departmentId: filter.departmentId }),
        ...(filter.status === undefined ? {} : { status: filter.status }),
        ...(filter.statuses === undefined
          ? {}
          : { status: { $in: [...filter.statuses], ...(filter.status === undefined ? {} : { $eq: filter.status }) } }),
        ...(filter.before === undefined ? {} : { id: { $lt: filter.before } }),
      },
      { orderBy: { id: 'desc' }, limit: filter.limit, offset: filter.offset },
    );
    if (rows.length === 0) return [];
    const notes = await this.notesOf(rows.map((r) => r.id));
    return rows.map((r) => this.loaded(callFromRecord(r, notes.get(r.id) ?? [])));
  }

  private async one(id: CallId): Promise<Call | null> {
    const row = await this.session.em().findOne(CallRecord, { id });
    if (row === null) return null;
    return this.loaded(callFromRecord(row, (await this.notesOf([id])).get(id) ?? []));
  }

  private loaded(call: Call): Call {
    this.storedNotes.set(call, call.snapshot().notes.length);
    return call;
  }

  /** The notes of these calls, each call's oldest first, in one statement. */
  private async notesOf(callIds: readonly string[]): Promise<Map<string, TimelineNote[]>> {
    const rows = await this.session
      .em()
      .find(CallNoteRecord, { callId: { $in: [...callIds] } }, { orderBy: { callId: 'asc', seq: 'asc' } });
    const byCall = new Map<string, TimelineNote[]>();
    for (const row of rows) {
      const notes = byCall.get(row.callId) ?? [];
      notes.push(noteFromRecord(row));
      byCall.set(row.callId, notes);
    }
    return byCall;
  }
}
