import { defineEntity, p } from '@mikro-orm/core';

/** Written only by the one-statement upsert of `RecordNumbers.next`. */
export const RecordSequenceSchema = defineEntity({
  name: 'RecordSequenceRecord',
  tableName: 'record_sequences',
  properties: {
    organisationId: p.uuid().primary(),
    series: p.text().primary(),
    lastValue: p.integer(),
  },
});
export class RecordSequenceRecord extends RecordSequenceSchema.class {}
RecordSequenceSchema.setClass(RecordSequenceRecord);

/** Written only by the one-statement upsert of `PresenceRepository.renew`. */
export const PresenceClaimSchema = defineEntity({
  name: 'PresenceClaimRecord',
  tableName: 'presence_claims',
  properties: {
    organisationId: p.uuid().primary(),
    characterId: p.uuid().primary(),
    credentialId: p.uuid(),
    renewedAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});
export class PresenceClaimRecord extends PresenceClaimSchema.class {}
PresenceClaimSchema.setClass(PresenceClaimRecord);

export const PresenceOverageSchema = defineEntity({
  name: 'PresenceOverageRecord',
  tableName: 'presence_overages',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    organisationId: p.uuid(),
    at: p.datetime(),
    connected: p.integer(),
    max: p.integer(),
  },
});
export class PresenceOverageRecord extends PresenceOverageSchema.class {}
PresenceOverageSchema.setClass(PresenceOverageRecord);

export const AutoProvisionSchema = defineEntity({
  name: 'AutoProvisionRecord',
  tableName: 'auto_provisions',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    organisationId: p.uuid(),
    credentialId: p.uuid(),
    characterId: p.uuid(),
    at: p.datetime(),
  },
});
export class AutoProvisionRecord extends AutoProvisionSchema.class {}
AutoProvisionSchema.setClass(AutoProvisionRecord);

export const MdtHandoffSchema = defineEntity({
  name: 'MdtHandoffRecord',
  tableName: 'mdt_handoffs',
  properties: {
    tokenHash: p.text().primary(),
    organisationId: p.uuid(),
    characterId: p.uuid(),
    credentialId: p.uuid(),
    departmentId: p.uuid(),
    unitId: p.uuid().nullable(),
    tier: p.text(),
    issuedAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    confirmInGame: p.boolean(),
    openedAt: p.datetime().nullable(),
    pairingHash: p.text().nullable(),
    codeHash: p.text().nullable(),
    confirmedAt: p.datetime().nullable(),
  },
});
export class MdtHandoffRecord extends MdtHandoffSchema.class {}
MdtHandoffSchema.setClass(MdtHandoffRecord);

/** A signed-out MDT session, kept until the session would have expired (decision 0108). */
export const EndedMdtSessionSchema = defineEntity({
  name: 'EndedMdtSessionRecord',
  tableName: 'ended_mdt_sessions',
  properties: {
    sessionId: p.text().primary(),
    until: p.datetime(),
  },
});
export class EndedMdtSessionRecord extends EndedMdtSessionSchema.class {}
EndedMdtSessionSchema.setClass(EndedMdtSessionRecord);

/** A pairing an MDT page started, waiting for a player's code in the game (decision 0108). */
export const MdtPairingSchema = defineEntity({
  name: 'MdtPairingRecord',
  tableName: 'mdt_pairings',
  properties: {
    pairingHash: p.text().primary(),
    codeHash: p.text().unique('mdt_pairings_code_hash_key'),
    openedAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});
export class MdtPairingRecord extends MdtPairingSchema.class {}
MdtPairingSchema.setClass(MdtPairingRecord);
