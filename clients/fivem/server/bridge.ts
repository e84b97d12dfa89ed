import type { BridgeConfig } from './config.ts';
import type { Departments } from './departments.ts';
import type { Duty } from './duty.ts';
import type { Identities } from './identities.ts';
import type { Roster } from './players.ts';
import type { Positions } from './positions.ts';

/** What the commands and exports work with once the resource is configured. */
export interface Bridge {
  readonly config: BridgeConfig;
  /** The departments served here, each with its credential's client: every request goes through one of them. */
  readonly departments: Departments;
  readonly duty: Duty;
  readonly roster: Roster;
  readonly identities: Identities;
  readonly positions: Positions;
  readonly log: (message: string) => void;
}
