import type { Persistence } from '../../../application/ports/persistence.ts';
import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import type { CallOrigin, CallStatus } from '../../../domain/call/call-status.ts';
import { Call, type NoteAuthor } from '../../../domain/call/call.ts';
import type { Department } from '../../../domain/organisation/department.ts';
import type { CallId, TimelineEventId } from '../../../domain/shared/ids.ts';
import { MapPoint } from '../../../domain/shared/map-point.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';
import { widenTheRace } from './locking.contract.ts';

let sequence = 0;
const later = (ms: number) => new Date(NOW.getTime() + ms);

function openCall(
  department: Department,
  input: { origin?: CallOrigin; location?: MapPoint | null; number?: string; description?: string } = {},
): Call {
  return Call.open(
    {
      id: ids.next<CallId>(),
      organisationId: department.organisationId,
      departmentId: department.id,
      number: input.number ?? `C-26-${String(++sequence).padStart(6, '0')}`,
      origin: input.origin ?? 'emergency_911',
      description: input.description ?? 'shots fired near the pier',
      location: input.location === undefined ? MapPoint.of(-1204.123456789, 338.5) : input.location,
    },
    NOW,
  );
}

const authors: Record<NoteAuthor['kind'], NoteAuthor> = {
  unit: { kind: 'unit', id: '0190a0b0-0000-7000-8000-000000000001', label: '1-ADAM-12' },
  credential: { kind: 'credential', id: '0190a0b0-0000-7000-8000-000000000002', label: 'CAD console' },
  operator: { kind: 'operator', id: 'bootstrap', label: 'Operator "root"' },
  person: { kind: 'person', id: '0190a0b0-0000-7000-8000-000000000003', label: 'Dana Dispatcher' },
};

async function savedCall(store: Persistence, department: Department, status?: CallStatus) {
  const call = openCall(department);
  if (status === 'ACTIVE') call.setStatusByApi('ACTIVE', NOW);
  if (status === 'CLOSED') call.close([], NOW);
  await store.calls.save(call);
  return call;
}

export function callsContract(test: ContractTest) {
  test('calls: every field reads back exactly, with and without a location, open and closed', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const department = await f.department((await f.organisation()).id);
    const located = Call.open(
      {
        id: ids.next<CallId>(),
        organisationId: department.organisationId,
        departmentId: department.id,
        number: 'C-26-000001',
        origin: 'panic',
        priority: 'P4',
        description: 'officer needs help — "now"',
        location: MapPoint.of(0.1 + 0.2, -1e-9),
      },
      NOW,
    );
    await store.calls.save(located);
    t.deepEqual((await store.calls.get(located.id))?.snapshot(), located.snapshot());

    const unlocated = openCall(department, { origin: 'dispatch', location: null });
    unlocated.addNote(
      { eventId: ids.next<TimelineEventId>(), text: 'line one\nline "two" \\ ünïcödé ✓', author: authors.operator },
      later(1),
    );
    unlocated.close([], later(2));
    await store.calls.save(unlocated);
    const read = await store.calls.get(unlocated.id);
    t.deepEqual(read?.snapshot(), unlocated.snapshot());
    t.is(read?.snapshot().closedAt?.getTime(), later(2).getTime());
    t.is(read?.location, null);

    unlocated.setStatusByApi('ACTIVE', later(3));
    await store.calls.save(unlocated);
    t.like((await store.calls.get(unlocated.id))?.snapshot(), { status: 'ACTIVE', closedAt: null });
    t.is(await store.calls.get(ids.next<CallId>()), null);
    t.is(await store.uow.run(() => store.calls.getForUpdate(ids.next<CallId>())), null);
  });

  test('calls: the timeline keeps every note of every author kind, oldest first, saved again without duplicates', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const call = openCall(await f.department((await f.organisation()).id));
    // Event ids in descending order and one shared timestamp: the order must come from the appending.
    const eventIds = [ids.next<TimelineEventId>(), ids.next<TimelineEventId>(), ids.next<TimelineEventId>()].reverse();
    call.addNote({ eventId: eventIds[0]!, text: 'first', author: authors.unit }, NOW);
    call.addNote({ eventId: eventIds[1]!, text: 'second', author: authors.credential }, NOW);
    await store.calls.save(call);
    call.addNote({ eventId: eventIds[2]!, text: 'third', author: authors.operator }, NOW);
    await store.calls.save(call);
    await store.calls.save(call);
    const read = await store.calls.get(call.id);
    t.deepEqual(read?.snapshot(), call.snapshot());
    t.deepEqual(
      read?.snapshot().notes.map((n) => n.text),
      ['first', 'second', 'third'],
    );
    t.deepEqual((await store.uow.run(() => store.calls.getForUpdate(call.id)))?.snapshot(), call.snapshot());
  });

  test('calls: notes are only ever appended: a stale copy adds its note without dropping one stored since', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const call = openCall(await f.department((await f.organisation()).id));
    call.addNote({ eventId: ids.next<TimelineEventId>(), text: 'opened', author: authors.credential }, NOW);
    await store.calls.save(call);
    const [first, stale] = [(await store.calls.get(call.id))!, (await store.calls.get(call.id))!];
    first.addNote({ eventId: ids.next<TimelineEventId>(), text: 'from the first copy', author: authors.unit }, later(1));
    await store.calls.save(first);
    stale.addNote({ eventId: ids.next<TimelineEventId>(), text: 'from the stale copy', author: authors.operator }, later(2));
    await store.calls.save(stale);
    t.deepEqual(
      (await store.calls.get(call.id))?.snapshot().notes.map((n) => n.text),
      ['opened', 'from the first copy', 'from the stale copy'],
    );
  });

  test('calls: a number is unique within its organisation', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const [police, fire, elsewhere] = [await f.department(a.id, 'police'), await f.department(a.id, 'fire'), await f.department(b.id)];
    await store.calls.save(openCall(police, { number: 'C-26-000777' }));
    await store.calls.save(openCall(elsewhere, { number: 'C-26-000777' }));
    const error = await t.throwsAsync(() => store.calls.save(openCall(fire, { number: 'C-26-000777' })), {
      instanceOf: UniqueConstraintViolation,
    });
    t.is(error?.constraint, 'call_number');
  });

  test('calls: listed newest first, with their notes, filtered by department and status, paged, per organisation', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const [police, fire] = [await f.department(a.id, 'police'), await f.department(a.id, 'fire')];
    const c1 = await savedCall(store, police, 'PENDING');
    const c2 = await savedCall(store, fire, 'ACTIVE');
    const c3 = await savedCall(store, police, 'CLOSED');
    await savedCall(store, await f.department(b.id), 'PENDING');
    const c4 = openCall(police);
    c4.setStatusByApi('ACTIVE', NOW);
    c4.addNote({ eventId: ids.next<TimelineEventId>(), text: 'en route', author: authors.unit }, NOW);
    await store.calls.save(c4);
    const c5 = await savedCall(store, police, 'PENDING');

    const listed = async (filter: {
      departmentId?: Department['id'];
      status?: CallStatus;
      statuses?: CallStatus[];
      before?: CallId;
      limit?: number;
      offset?: number;
    }) => (await store.calls.list({ organisationId: a.id, limit: 100, offset: 0, ...filter })).map((c) => c.id);
    t.deepEqual(await listed({}), [c5.id, c4.id, c3.id, c2.id, c1.id]);
    t.deepEqual(await listed({ departmentId: police.id }), [c5.id, c4.id, c3.id, c1.id]);
    t.deepEqual(await listed({ status: 'ACTIVE' }), [c4.id, c2.id]);
    t.deepEqual(await listed({ departmentId: police.id, status: 'PENDING' }), [c5.id, c1.id]);
    t.deepEqual(await listed({ departmentId: fire.id, status: 'CLOSED' }), []);
    t.deepEqual(await listed({ limit: 2 }), [c5.id, c4.id]);
    t.deepEqual(await listed({ limit: 2, offset: 2 }), [c3.id, c2.id]);
    t.deepEqual(await listed({ limit: 2, offset: 4 }), [c1.id]);
    t.deepEqual(await listed({ offset: 5 }), []);
    // The open calls, and the keyset walk that pages them (older than the last one seen).
    t.deepEqual(await listed({ statuses: ['PENDING', 'ACTIVE'] }), [c5.id, c4.id, c2.id, c1.id]);
    t.deepEqual(await listed({ statuses: ['PENDING', 'ACTIVE'], before: c4.id }), [c2.id, c1.id]);
    t.deepEqual(await listed({ statuses: ['PENDING', 'ACTIVE'], status: 'ACTIVE', departmentId: police.id }), [c4.id]);
    t.deepEqual(await listed({ before: c2.id, limit: 1 }), [c1.id]);
    const withNotes = await store.calls.list({ organisationId: a.id, departmentId: police.id, status: 'ACTIVE', limit: 10, offset: 0 });
    t.deepEqual(
      withNotes.map((c) => c.snapshot()),
      [c4.snapshot()],
    );
  });

  test('calls: 20 concurrent locked note-appends each see the notes before them', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const call = openCall(await f.department((await f.organisation()).id));
    await store.calls.save(call);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        store.uow.run(async () => {
          const locked = (await store.calls.getForUpdate(call.id))!;
          await widenTheRace();
          const seen = locked.snapshot().notes.length;
          locked.addNote({ eventId: ids.next<TimelineEventId>(), text: String(seen), author: authors.credential }, NOW);
          await store.calls.save(locked);
        }),
      ),
    );
    t.deepEqual(
      (await store.calls.get(call.id))?.snapshot().notes.map((n) => n.text),
      Array.from({ length: 20 }, (_, i) => String(i)),
    );
  });

  test('calls: appendNotes writes the new notes and nothing else of the call', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const call = await savedCall(store, await f.department((await f.organisation()).id));
    const read = (await store.uow.run(() => store.calls.getForNote(call.id)))!;
    t.deepEqual(read.snapshot(), call.snapshot());
    // The copy changes its status too; appendNotes must not write it.
    read.setStatusByApi('ACTIVE', later(1));
    read.addNote({ eventId: ids.next<TimelineEventId>(), text: 'on scene', author: authors.unit }, later(1));
    await store.uow.run(() => store.calls.appendNotes(read));
    await store.calls.appendNotes(read);
    const stored = (await store.calls.get(call.id))!.snapshot();
    t.is(stored.status, 'PENDING');
    t.deepEqual(
      stored.notes.map((n) => n.text),
      ['on scene'],
    );
  });

  test('calls: getForNote reads the call without its stored notes, and appendNotes adds to them', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const call = await savedCall(store, await f.department((await f.organisation()).id), 'ACTIVE');
    call.addNote({ eventId: ids.next<TimelineEventId>(), text: 'first', author: authors.credential }, NOW);
    call.addNote({ eventId: ids.next<TimelineEventId>(), text: 'second', author: authors.credential }, NOW);
    await store.calls.save(call);
    await store.uow.run(async () => {
      const read = (await store.calls.getForNote(call.id))!;
      t.deepEqual(read.snapshot(), { ...call.snapshot(), notes: [] });
      read.addNote({ eventId: ids.next<TimelineEventId>(), text: 'third', author: authors.unit }, later(1));
      await store.calls.appendNotes(read);
    });
    t.deepEqual(
      (await store.calls.get(call.id))?.snapshot().notes.map((n) => n.text),
      ['first', 'second', 'third'],
    );
  });

  test('calls: 20 concurrent writers of notes through getForNote and appendNotes keep every note', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const call = await savedCall(store, await f.department((await f.organisation()).id));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.uow.run(async () => {
          const read = (await store.calls.getForNote(call.id))!;
          await widenTheRace();
          read.addNote({ eventId: ids.next<TimelineEventId>(), text: String(i), author: authors.unit }, NOW);
          await store.calls.appendNotes(read);
        }),
      ),
    );
    t.deepEqual(
      (await store.calls.get(call.id))
        ?.snapshot()
        .notes.map((n) => n.text)
        .sort((a, b) => Number(a) - Number(b)),
      Array.from({ length: 20 }, (_, i) => String(i)),
    );
  });
}
