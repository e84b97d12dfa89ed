/**
 * The dispatch board's state (`adapters/web-dispatch/assets/board-state.js`, the module the board
 * runs in the browser) keeps every note it hears of: two writers of notes on one call each send
 * the call with their own note (decision 0149), without the notes stored before (decision 0151),
 * in either order.
 */
import test from 'ava';
// @ts-expect-error: the board's browser module is plain JavaScript, without declarations.
import { boardState } from '../../adapters/web-dispatch/assets/board-state.js';

interface Note {
  noteId: string;
  text: string;
  at: string;
}
interface BoardCall {
  callId: string;
  status: string;
  notes: Note[];
}
interface Board {
  apply(event: unknown): boolean;
  calls: Map<string, BoardCall>;
}

const at = (second: number) => `2026-11-27T20:00:${String(second).padStart(2, '0')}.000Z`;
const note = (noteId: string, second: number): Note => ({ noteId, text: noteId, at: at(second) });
const call = (status: string, notes: Note[]): BoardCall => ({ callId: 'call-1', status, notes });
const noteAdded = (sent: BoardCall, added: Note[]) => ({ type: 'call.note_added', emittedAt: at(59), call: sent, notes: added });

function board(): Board {
  const state = boardState() as Board;
  state.apply({
    type: 'snapshot',
    emittedAt: at(0),
    organisation: {},
    canManage: true,
    departments: [],
    units: [],
    calls: [call('ACTIVE', [note('opened', 1)])],
  });
  return state;
}
const texts = (state: Board) => state.calls.get('call-1')?.notes.map((n) => n.text);

for (const order of ['first writer first', 'second writer first'] as const) {
  test(`two writers of notes on one call: the board keeps both notes (${order})`, (t) => {
    const state = board();
    const first = noteAdded(call('ACTIVE', [note('first', 2)]), [note('first', 2)]);
    const second = noteAdded(call('ACTIVE', [note('second', 3)]), [note('second', 3)]);
    for (const event of order === 'first writer first' ? [first, second] : [second, first]) state.apply(event);
    t.deepEqual(texts(state), ['opened', 'first', 'second']);
    state.apply(first);
    t.deepEqual(texts(state), ['opened', 'first', 'second'], 'an event applied twice changes nothing');
  });
}

test('a later change of the call sets its fields and keeps its notes; a closed call leaves the board', (t) => {
  const state = board();
  state.apply(noteAdded(call('ACTIVE', [note('first', 2)]), [note('first', 2)]));
  state.apply({ type: 'call.updated', emittedAt: at(59), call: call('PENDING', [note('opened', 1), note('first', 2)]), notes: [] });
  t.is(state.calls.get('call-1')?.status, 'PENDING');
  t.deepEqual(texts(state), ['opened', 'first']);
  state.apply({ type: 'call.closed', emittedAt: at(59), call: call('CLOSED', []), notes: [] });
  t.false(state.calls.has('call-1'));
});
