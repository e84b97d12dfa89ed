import { LockMode } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { CallFilter, CallRepository } from '../../../application/ports/call-repository.ts';
import type { Call, TimelineNote } from '../../../domain/call/call.ts';
import type { CallId } from '../../../domain/shared/ids.ts';
import { callFromRecord, callToRecord, noteFromRecord, notesToJson } from '../mappers/dispatch-mappers.ts';
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

export class MikroOrmCallRepository implements CallRepository {
  constructor(private readonly session: OrmSession) {}

  get = (id: CallId) => this.one(id, false);

  /** `SELECT ... FOR UPDATE` on the call's row: concurrent writers of the same call wait for this one. */
  getForUpdate = (id: CallId) => this.one(id, true);

  /** The row and the new notes go together: in the running unit of work, or else in their own. */
  save(call: Call): Promise<void> {
    return this.session.run(async () => {
      await this.session.write((em) => em.upsert(CallRecord, callToRecord(call)));
      const { id, notes } = call.snapshot();
      if (notes.length === 0) return;
      await (this.session.em() as unknown as SqlEntityManager).execute(APPEND_NOTES, [id, notesToJson(notes)]);
    });
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
      },
      { orderBy: { id: 'desc' }, limit: filter.limit, offset: filter.offset },
    );
    if (rows.length === 0) return [];
    const notes = await this.notesOf(rows.map((r) => r.id));
    return rows.map((r) => callFromRecord(r, notes.get(r.id) ?? []));
  }

  private async one(id: CallId, lock: boolean): Promise<Call | null> {
    const row = await this.session.em().findOne(CallRecord, { id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (row === null) return null;
    return callFromRecord(row, (await this.notesOf([id])).get(id) ?? []);
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
