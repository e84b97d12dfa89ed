import type { OperatorPermission } from '../operator/operator-key.ts';
import type { JoinRule } from '../people/join-rule.ts';
import { type RoleName, type RoleOverrides, type RolePermissions, roleTable } from '../people/role.ts';
import type { DepartmentId, OrganisationId } from '../shared/ids.ts';

export const MAP_TYPES = ['game_tiles', 'static_image'] as const;
export type MapType = (typeof MAP_TYPES)[number];

export const DEFAULT_ARRIVAL_RADIUS = 50;

export interface OrganisationSettings {
  /** Only `game_tiles` maps use real in-game coordinates, so only they get waypoint events. */
  readonly mapType: MapType;
  /** Map units around an assignment pin within which a reporting unit is on scene. */
  readonly arrivalRadius: number;
  /** Billing limit of concurrently connected linked accounts; null means no limit. */
  readonly concurrentAccountsMax: number | null;
  /** Whether `/duty` creates a player for identifiers it has never seen. */
  readonly autoProvision: boolean;
  /** Department that receives `/911` calls; null means the calling credential's department. */
  readonly emergencyDepartmentId: DepartmentId | null;
  /** How people without an invitation join: not at all, on a list for approval, or at once. */
  readonly joinRule: JoinRule;
  /** How many characters (not retired) one person may hold here. */
  readonly charactersPerPerson: number;
  /** Whether a player's new character waits for a person with `roster.manage` to approve it. */
  readonly characterApproval: boolean;
  /** Whether a person signed in with Discord links a game player carrying `discord:<the same id>` without a code. */
  readonly trustedIdentityLink: boolean;
  /** Minutes without a position after which the dispatch board greys a unit as stale. */
  readonly staleUnitMinutes: number;
}

export const DEFAULT_CHARACTERS_PER_PERSON = 3;
export const MAX_CHARACTERS_PER_PERSON = 50;

export const DEFAULT_SETTINGS: OrganisationSettings = {
  mapType: 'game_tiles',
  arrivalRadius: DEFAULT_ARRIVAL_RADIUS,
  concurrentAccountsMax: null,
  autoProvision: true,
  emergencyDepartmentId: null,
  joinRule: 'invitation',
  charactersPerPerson: DEFAULT_CHARACTERS_PER_PERSON,
  characterApproval: false,
  trustedIdentityLink: false,
  staleUnitMinutes: 2,
};

/** A rectangle of game coordinates. */
export interface MapBounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/**
 * What the dispatch board draws under the units: the tiles of a tile server (`{z}`, `{x}` and `{y}`
 * in the URL template) for a `game_tiles` map, or one image stretched over its bounds for a
 * `static_image` map. The operator's to set: the game's map images are not the service's to ship.
 */
export interface MapLayer {
  readonly tileUrlTemplate: string | null;
  readonly imageUrl: string | null;
  readonly bounds: MapBounds;
}

/** A layer the board can draw: a source, placeholders in a tile template, and bounds that enclose something. */
export function isDrawableMapLayer(layer: MapLayer): boolean {
  const { tileUrlTemplate, imageUrl, bounds } = layer;
  if (tileUrlTemplate === null && imageUrl === null) return false;
  if (tileUrlTemplate !== null && !['{z}', '{x}', '{y}'].every((placeholder) => tileUrlTemplate.includes(placeholder))) return false;
  return bounds.minX < bounds.maxX && bounds.minY < bounds.maxY;
}

export interface OrganisationState {
  readonly id: OrganisationId;
  readonly name: string;
  readonly settings: OrganisationSettings;
  /** The dispatch board's map layer; null draws a plain coordinate grid. */
  readonly mapLayer: MapLayer | null;
  /** The role sets this organisation changed from the defaults. */
  readonly roleOverrides: RoleOverrides;
  readonly createdAt: Date;
}

/** A community: everything else belongs to exactly one organisation and never crosses to another. */
export class Organisation {
  private constructor(private state: OrganisationState) {}

  static create(id: OrganisationId, name: string, settings: Partial<OrganisationSettings>, now: Date) {
    return new Organisation({
      id,
      name,
      settings: { ...DEFAULT_SETTINGS, ...defined(settings) },
      mapLayer: null,
      roleOverrides: {},
      createdAt: now,
    });
  }

  static restore(state: OrganisationState): Organisation {
    return new Organisation(state);
  }

  get id(): OrganisationId {
    return this.state.id;
  }

  get name(): string {
    return this.state.name;
  }

  get settings(): OrganisationSettings {
    return this.state.settings;
  }

  get mapLayer(): MapLayer | null {
    return this.state.mapLayer;
  }

  /** What each role may do here. */
  get roles(): RolePermissions {
    return roleTable(this.state.roleOverrides);
  }

  /** Gives a role a new set of permissions; the owner's set is every permission and is not changed. */
  setRolePermissions(role: RoleName, permissions: readonly OperatorPermission[]): boolean {
    if (role === 'owner') return false;
    const unique = [...new Set(permissions)].sort();
    this.state = { ...this.state, roleOverrides: { ...this.state.roleOverrides, [role]: unique } };
    return true;
  }

  /** Sets the board's map layer (null for the plain grid); refused when it could not be drawn. */
  setMapLayer(mapLayer: MapLayer | null): boolean {
    if (mapLayer !== null && !isDrawableMapLayer(mapLayer)) return false;
    this.state = { ...this.state, mapLayer };
    return true;
  }

  rename(name: string): void {
    this.state = { ...this.state, name };
  }

  /** Changes only the settings named; the caller has checked that a 911 department is its own. */
  changeSettings(changes: Partial<OrganisationSettings>): void {
    this.state = { ...this.state, settings: { ...this.state.settings, ...defined(changes) } };
  }

  snapshot(): OrganisationState {
    return this.state;
  }
}

function defined<T extends object>(partial: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)) as Partial<T>;
}
