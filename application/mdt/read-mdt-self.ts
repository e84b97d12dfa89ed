import type { Character } from '../../domain/roster/character.ts';
import type { Department } from '../../domain/organisation/department.ts';
import type { MdtTier } from '../../domain/roster/mdt-handoff.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { MdtOfficer } from './mdt-officer.ts';

export interface MdtSelf {
  readonly character: Character;
  readonly department: Department | null;
  readonly unit: Unit | null;
  readonly tier: MdtTier;
}

/** `GET /mdt/me`: who is signed in, in which department, with which unit and status, at which tier now. */
export class ReadMdtSelf {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'departments'>) {}

  async execute(officer: MdtOfficer): Promise<MdtSelf | null> {
    const character = await this.ports.characters.get(officer.session.characterId);
    if (character === null) return null;
    const department = await this.ports.departments.get(officer.session.departmentId);
    return { character, department, unit: officer.unit, tier: officer.tier };
  }
}
