import type { CadClient } from '../../sdk/src/index.ts';
import type { DepartmentConfig, EmergencyKeyword } from './config.ts';
import type { Roster } from './players.ts';
import type { Waypoints } from './waypoints.ts';

/** A department this server serves: its credential's client (token, rate-limit gate) and its waypoint channel. */
export interface Department {
  readonly slug: string;
  readonly config: DepartmentConfig;
  readonly cad: CadClient;
  readonly waypoints: Waypoints;
}

/** The ACE a player needs to go on duty in a department, unless its check is off. */
export const dutyAce = (slug: string) => `cad.duty.${slug}`;

/** Letters and digits in any script: a keyword is a whole word of the text, so "fire" is not in "shots fired". */
const WORD = /[\p{L}\p{N}]/u;

/**
 * The departments this server serves, and which one a player's action goes through: who may go on
 * duty where (ACE `cad.duty.<slug>`, or a job a framework reported), which department an off-duty
 * player's command uses, and which one takes a `/911`.
 */
export class Departments {
  /** Jobs reported by other resources (`setJob`), by player source; forgotten when the player leaves. */
  private readonly jobs = new Map<string, string>();

  constructor(
    readonly all: readonly Department[],
    private readonly roster: Roster,
    private readonly keywords: readonly EmergencyKeyword[],
  ) {}

  get first(): Department {
    return this.all[0]!;
  }

  bySlug(slug: string): Department | undefined {
    const wanted = slug.toLowerCase();
    return this.all.find((department) => department.slug.toLowerCase() === wanted);
  }

  /** Whether the player may go on duty there: the check is off, they hold the ACE, or their reported job is listed. */
  may(source: string, department: Department): boolean {
    if (department.config.dutyCheck === 'off') return true;
    if (IsPlayerAceAllowed(source, dutyAce(department.slug))) return true;
    const job = this.jobs.get(source);
    return job !== undefined && department.config.jobs.some((listed) => listed.toLowerCase() === job);
  }

  /** The first department, in the configured order, the player may go on duty in. */
  firstAllowed(source: string): Department | undefined {
    return this.all.find((department) => this.may(source, department));
  }

  /** Where the player's commands go: their on-duty department, else the first they may join, else the first. */
  forPlayer(source: string): Department {
    const officer = this.roster.of(source);
    return (officer && this.bySlug(officer.departmentSlug)) ?? this.firstAllowed(source) ?? this.first;
  }

  /** Where an officer on the books reports (their department, which the roster names). */
  forOfficer(departmentSlug: string): Department {
    return this.bySlug(departmentSlug) ?? this.first;
  }

  /**
   * The department that takes a `/911`: the one the caller names first (`/911 lsfd car on fire`,
   * the name then left out of the text), else the first keyword of `cad_911_keywords` found as a
   * whole word in the text, else the first department.
   */
  forEmergency(text: string): { department: Department; description: string } {
    const [word = ''] = text.split(/\s+/);
    const chosen = this.all.length > 1 ? this.bySlug(word) : undefined;
    if (chosen !== undefined) return { department: chosen, description: text.slice(word.length).trim() };
    const lower = text.toLowerCase();
    const match = this.keywords.find(({ keyword }) => containsWord(lower, keyword));
    return { department: (match && this.bySlug(match.slug)) ?? this.first, description: text };
  }

  /** A framework's job for the player (ESX, QBCore), or null when they have none. */
  setJob(source: string, job: string | null): void {
    if (job === null || job.trim() === '') this.jobs.delete(source);
    else this.jobs.set(source, job.trim().toLowerCase());
  }

  forget(source: string): void {
    this.jobs.delete(source);
  }
}

function containsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1];
    const after = text[at + word.length];
    if ((before === undefined || !WORD.test(before)) && (after === undefined || !WORD.test(after))) return true;
  }
  return false;
}
