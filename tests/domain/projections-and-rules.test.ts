import test from 'ava';
import { boloCheckMatch, boloSummary } from '../../adapters/http/presenters/bolo-views.ts';
import { checkCharges } from '../../domain/records/arrest.ts';
import { type Warrant, hasActiveWarrant } from '../../domain/records/warrant.ts';
import { T0, aBolo, minutesAfter } from '../support/domain-builders.ts';

test('the BOLO summary omits narrative, internal notes and the issuer, and reads expiry by time', (t) => {
  const bolo = aBolo().expiringAt(minutesAfter(T0, 30)).build();
  const summary = boloSummary(bolo, minutesAfter(T0, 31));
  for (const hidden of ['narrative', 'internalNotes', 'issuedByCharacterId', 'issuedBy', 'plate']) t.false(hidden in summary, hidden);
  t.like(summary, { boloId: bolo.id, status: 'EXPIRED', subjectVehicleId: bolo.subjectVehicleId, subjectCivilianId: null });
});

test('the bridge check shape is exactly boloId, boloNumber, severity, subjectDescription, reason', (t) => {
  t.deepEqual(Object.keys(boloCheckMatch(aBolo().build())).sort(), ['boloId', 'boloNumber', 'reason', 'severity', 'subjectDescription']);
});

test('an arrest books 1 to 20 charges', (t) => {
  const charge = { statuteCode: 'PC 211', statuteDescription: 'robbery' };
  for (const count of [1, 20]) t.true(checkCharges(Array(count).fill(charge)).ok, String(count));
  for (const count of [0, 21]) t.deepEqual(checkCharges(Array(count).fill(charge)), { ok: false, reason: 'charges_out_of_range' });
});

test('a civilian has an active warrant only while one is ACTIVE', (t) => {
  const warrant = (status: Warrant['status']) => ({ status }) as Warrant;
  t.false(hasActiveWarrant([]));
  t.false(hasActiveWarrant([warrant('SERVED'), warrant('RECALLED')]));
  t.true(hasActiveWarrant([warrant('SERVED'), warrant('ACTIVE')]));
});
