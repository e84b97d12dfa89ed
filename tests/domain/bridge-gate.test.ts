import test from 'ava';
import { type GateFacts, judgeFullGate, judgeLinkGate } from '../../domain/gate/bridge-gate.ts';
import type { CharacterId, UnitId } from '../../domain/shared/ids.ts';
import { UNIT_STATUSES } from '../../domain/unit/unit-status.ts';
import { POLICE } from '../support/domain-builders.ts';

const character = '00000000-0000-7000-8000-0000000000c1' as CharacterId;
const unitId = '00000000-0000-7000-8000-0000000000f1' as UnitId;
const game = { kind: 'game', departmentId: POLICE } as const;
const facts = (over: Partial<GateFacts>): GateFacts => ({
  credential: game,
  characterId: character,
  unit: { id: unitId, isActive: true, status: 'AVAILABLE' },
  ...over,
});

// Section 5.4: the four-step chain, failures collapsed to not_linked / not_on_duty.
const chain = [
  {
    step: '1. an API credential',
    facts: facts({ credential: { kind: 'generic_api_key', departmentId: null } }),
    full: 'not_linked',
    link: 'not_linked',
  },
  { step: '2. unlinked identifiers', facts: facts({ characterId: null, unit: null }), full: 'not_linked', link: 'not_linked' },
  { step: '3. no membership in the department', facts: facts({ unit: null }), full: 'not_on_duty', link: null },
  {
    step: '4. an inactive unit',
    facts: facts({ unit: { id: unitId, isActive: false, status: 'AVAILABLE' } }),
    full: 'not_on_duty',
    link: null,
  },
  {
    step: '4. an off-duty unit',
    facts: facts({ unit: { id: unitId, isActive: true, status: 'OFF_DUTY' } }),
    full: 'not_on_duty',
    link: null,
  },
] as const;

for (const row of chain) {
  test(`full gate fails at step ${row.step}: ${row.full}`, (t) => {
    t.deepEqual(judgeFullGate(row.facts), { ok: false, reason: row.full });
  });
  test(`link gate at step ${row.step}: ${row.link ?? 'passes'}`, (t) => {
    const verdict = judgeLinkGate(row.facts);
    t.deepEqual(verdict, row.link === null ? { ok: true, value: { characterId: character } } : { ok: false, reason: row.link });
  });
}

for (const status of UNIT_STATUSES.filter((s) => s !== 'OFF_DUTY')) {
  test(`full gate passes for an active unit in ${status}`, (t) => {
    t.deepEqual(judgeFullGate(facts({ unit: { id: unitId, isActive: true, status } })), {
      ok: true,
      value: { characterId: character, unitId, departmentId: POLICE },
    });
  });
}
