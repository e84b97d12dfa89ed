import type { CivilianId, OrganisationId, VehicleId } from '../shared/ids.ts';
import { tidy } from '../shared/text.ts';
import { Plate } from './plate.ts';

export const DEFAULT_REGISTRATION_STATUS = 'VALID';
/** What a vehicle reported stolen by its owner reads as, in lookups and on the MDT. */
export const STOLEN_REGISTRATION_STATUS = 'STOLEN';

export interface VehicleDetails {
  readonly make: string | null;
  readonly model: string | null;
  readonly color: string | null;
}

/** What an operator may change of a registration; the plate stays (a new plate is a new registration). */
export interface VehicleChange extends Partial<VehicleDetails> {
  /** The registered owner's record, or null for none. */
  readonly ownerCivilianId?: CivilianId | null;
  /** `VALID`, `STOLEN` (as an owner's report sets it), or any status the community uses. */
  readonly registrationStatus?: string;
}

export interface VehicleState extends VehicleDetails {
  readonly id: VehicleId;
  readonly organisationId: OrganisationId;
  /** As registered (trimmed, upper case); matched through `Plate`. */
  readonly plate: string;
  readonly registrationStatus: string;
  readonly ownerCivilianId: CivilianId | null;
  readonly createdAt: Date;
}

/** A registered vehicle, unique per organisation by plate (case and spaces ignored). */
export class Vehicle {
  private constructor(private state: VehicleState) {}

  static register(
    input: {
      id: VehicleId;
      organisationId: OrganisationId;
      plate: Plate;
      details?: Partial<VehicleDetails>;
      registrationStatus?: string;
      ownerCivilianId?: CivilianId | null;
    },
    now: Date,
  ): Vehicle {
    return new Vehicle({
      id: input.id,
      organisationId: input.organisationId,
      plate: input.plate.display,
      make: clean(input.details?.make),
      model: clean(input.details?.model),
      color: clean(input.details?.color),
      registrationStatus: input.registrationStatus ?? DEFAULT_REGISTRATION_STATUS,
      ownerCivilianId: input.ownerCivilianId ?? null,
      createdAt: now,
    });
  }

  static restore(state: VehicleState): Vehicle {
    return new Vehicle(state);
  }

  get id(): VehicleId {
    return this.state.id;
  }
  get organisationId(): OrganisationId {
    return this.state.organisationId;
  }

  get ownerCivilianId(): CivilianId | null {
    return this.state.ownerCivilianId;
  }

  /** A new owner's record (a sale between characters); the registration itself stays. */
  transferTo(ownerCivilianId: CivilianId): void {
    this.state = { ...this.state, ownerCivilianId };
  }

  /** The owner reports it stolen, or found again (back to a valid registration). */
  reportStolen(stolen: boolean): boolean {
    const registrationStatus = stolen ? STOLEN_REGISTRATION_STATUS : DEFAULT_REGISTRATION_STATUS;
    if (registrationStatus === this.state.registrationStatus) return false;
    this.state = { ...this.state, registrationStatus };
    return true;
  }

  /**
   * An operator corrects the registration (decision 0145): unlike a game sync, what is sent
   * overwrites what was known (null or blank clears a detail). Answers whether anything changed.
   */
  amend(change: VehicleChange): boolean {
    const next: VehicleState = {
      ...this.state,
      make: change.make === undefined ? this.state.make : clean(change.make),
      model: change.model === undefined ? this.state.model : clean(change.model),
      color: change.color === undefined ? this.state.color : clean(change.color),
      ownerCivilianId: change.ownerCivilianId === undefined ? this.state.ownerCivilianId : change.ownerCivilianId,
      registrationStatus: change.registrationStatus ?? this.state.registrationStatus,
    };
    const changed = (['make', 'model', 'color', 'ownerCivilianId', 'registrationStatus'] as const).some(
      (field) => next[field] !== this.state[field],
    );
    this.state = next;
    return changed;
  }

  get plate(): Plate {
    const parsed = Plate.parse(this.state.plate);
    if (!parsed.ok) throw new Error(`stored plate of vehicle ${this.state.id} is invalid`);
    return parsed.value;
  }

  /**
   * A game sync of an existing vehicle never overwrites what the records say; it only fills in
   * details that were never known (a vehicle first seen as a bare plate on a BOLO, say).
   * Returns whether anything changed.
   */
  fillMissingDetails(details: Partial<VehicleDetails>): boolean {
    if (!this.wouldFill(details)) return false;
    this.state = { ...this.state, ...this.filledWith(details) };
    return true;
  }

  /** Whether `fillMissingDetails` would change anything. */
  wouldFill(details: Partial<VehicleDetails>): boolean {
    const filled = this.filledWith(details);
    return filled.make !== this.state.make || filled.model !== this.state.model || filled.color !== this.state.color;
  }

  private filledWith(details: Partial<VehicleDetails>): VehicleDetails {
    return {
      make: this.state.make ?? clean(details.make),
      model: this.state.model ?? clean(details.model),
      color: this.state.color ?? clean(details.color),
    };
  }

  snapshot(): VehicleState {
    return this.state;
  }
}

function clean(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const tidied = tidy(value);
  return tidied === '' ? null : tidied;
}
