import type { PlayerRequest } from './player-writes.ts';

/** What the game says about a player's job, on `/duty` and when it opens the MDT (`/mdt-handoff`). */
export interface DutyReport extends PlayerRequest {
  /** The job the game says the player holds now. */
  readonly departmentSlug: string;
  readonly onDuty: boolean;
  readonly jobLabel?: string;
  readonly gradeLabel?: string;
  readonly characterName?: string;
}
