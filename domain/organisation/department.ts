import type { DepartmentId, OrganisationId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 64;

export function isDepartmentSlug(slug: string): boolean {
  return slug.length <= MAX_SLUG_LENGTH && SLUG.test(slug);
}

export interface DepartmentState {
  readonly id: DepartmentId;
  readonly organisationId: OrganisationId;
  readonly slug: string;
  readonly name: string;
  readonly isActive: boolean;
  readonly createdAt: Date;
}

/** A department of an organisation (police, fire, EMS...), known to game resources by its slug. */
export class Department {
  private constructor(private state: DepartmentState) {}

  static create(input: Omit<DepartmentState, 'isActive' | 'createdAt'>, now: Date): Outcome<Department, 'invalid_slug'> {
    if (!isDepartmentSlug(input.slug)) return refuse('invalid_slug');
    return accept(new Department({ ...input, isActive: true, createdAt: now }));
  }

  static restore(state: DepartmentState): Department {
    return new Department(state);
  }

  get id(): DepartmentId {
    return this.state.id;
  }

  get organisationId(): OrganisationId {
    return this.state.organisationId;
  }

  get slug(): string {
    return this.state.slug;
  }

  get isActive(): boolean {
    return this.state.isActive;
  }

  setActive(isActive: boolean): void {
    this.state = { ...this.state, isActive };
  }

  snapshot(): DepartmentState {
    return this.state;
  }
}
