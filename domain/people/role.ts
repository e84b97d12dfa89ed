import { OPERATOR_PERMISSIONS, type OperatorPermission } from '../operator/operator-key.ts';

/** The roles an organisation gives its people, from most to least. */
export const ROLE_NAMES = ['owner', 'admin', 'supervisor', 'dispatcher', 'officer', 'civilian'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** What each role may do in one organisation. */
export type RolePermissions = Readonly<Record<RoleName, readonly OperatorPermission[]>>;

/**
 * A role is a named set of the operator permissions. Owners and admins hold all of them (only an
 * owner makes or unmakes an owner); supervisors run the roster, records and dispatch and read the
 * audit log; dispatchers dispatch and keep records; officers and civilians hold none on the operator
 * surface (their rights are their characters', judged by the bridge gate and the MDT).
 */
export const DEFAULT_ROLE_PERMISSIONS: RolePermissions = {
  owner: OPERATOR_PERMISSIONS,
  admin: OPERATOR_PERMISSIONS,
  supervisor: ['roster.manage', 'records.manage', 'dispatch.manage', 'dispatch.view', 'audit.view'],
  dispatcher: ['dispatch.manage', 'dispatch.view', 'records.manage'],
  officer: [],
  civilian: [],
};

/** An organisation's own sets for the roles it changed; the owner's is never among them. */
export type RoleOverrides = Readonly<Partial<Record<Exclude<RoleName, 'owner'>, readonly OperatorPermission[]>>>;

/** The roles of an organisation: the defaults, with the sets it changed. The owner holds every permission always, so no community locks itself out. */
export function roleTable(overrides: RoleOverrides): RolePermissions {
  return { ...DEFAULT_ROLE_PERMISSIONS, ...overrides, owner: OPERATOR_PERMISSIONS };
}

export const isRoleName = (value: string): value is RoleName => (ROLE_NAMES as readonly string[]).includes(value);

/**
 * Whether a person of role `mine` may give or take away role `theirs`: no one raises anyone above
 * themselves; only owners touch owners; and only a role holding `roster.manage` there gives roles.
 */
export function mayAssignRole(mine: RoleName, theirs: RoleName, roles: RolePermissions): boolean {
  if (theirs === 'owner') return mine === 'owner';
  return ROLE_NAMES.indexOf(mine) <= ROLE_NAMES.indexOf(theirs) && roles[mine].includes('roster.manage');
}

/**
 * Whether a person of role `mine` may change what role `theirs` may do: only a role below their
 * own, so that no one edits their own rights or a rank above them (the owner's set is fixed anyway).
 */
export function mayEditRole(mine: RoleName, theirs: RoleName): boolean {
  return theirs !== 'owner' && ROLE_NAMES.indexOf(mine) < ROLE_NAMES.indexOf(theirs);
}
