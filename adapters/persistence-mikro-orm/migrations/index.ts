import { Foundation } from './0001-foundation.ts';
import { OperatorKeyRevocation } from './0002-operator-key-revocation.ts';
import { DispatchAndBridge } from './0003-dispatch-and-bridge.ts';
import { RecordSearch } from './0004-record-search.ts';
import { BootstrapKeyDisplay } from './0005-bootstrap-key-display.ts';
import { IdempotencyKeys } from './0006-idempotency-keys.ts';
import { MapLayer } from './0007-map-layer.ts';
import { MdtConfirmation } from './0008-mdt-confirmation.ts';
import { People } from './0009-people.ts';
import { PersonActors } from './0010-person-actors.ts';
import { JoinRulesAndRoles } from './0011-join-rules-and-roles.ts';
import { PlayerCharacters } from './0012-player-characters.ts';
import { EndedMdtSessions } from './0013-ended-mdt-sessions.ts';
import { MdtPairings } from './0014-mdt-pairings.ts';
import { StaleUnitMinutes } from './0015-stale-unit-minutes.ts';
import { EndedMemberships } from './0016-ended-memberships.ts';

/** Applied in order on start; a migration, once released, never changes: the next one amends it. */
export const migrations = [
  { name: '0001-foundation', class: Foundation },
  { name: '0002-operator-key-revocation', class: OperatorKeyRevocation },
  { name: '0003-dispatch-and-bridge', class: DispatchAndBridge },
  { name: '0004-record-search', class: RecordSearch },
  { name: '0005-bootstrap-key-display', class: BootstrapKeyDisplay },
  { name: '0006-idempotency-keys', class: IdempotencyKeys },
  { name: '0007-map-layer', class: MapLayer },
  { name: '0008-mdt-confirmation', class: MdtConfirmation },
  { name: '0009-people', class: People },
  { name: '0010-person-actors', class: PersonActors },
  { name: '0011-join-rules-and-roles', class: JoinRulesAndRoles },
  { name: '0012-player-characters', class: PlayerCharacters },
  { name: '0013-ended-mdt-sessions', class: EndedMdtSessions },
  { name: '0014-mdt-pairings', class: MdtPairings },
  { name: '0015-stale-unit-minutes', class: StaleUnitMinutes },
  { name: '0016-ended-memberships', class: EndedMemberships },
];
