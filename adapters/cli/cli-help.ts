/** What the command-line tool prints for `--help`, and with a usage error. */

export const USAGE = `usage: npm run cli -- <command>

  bootstrap-key reset                       replace the bootstrap key and print the new one once
  backup <file>                             copy the embedded database (CAD_DATA_DIR) to a new file; service stopped
  restore <file>                            restore a backup into CAD_DATA_DIR, which must be new or empty
  organisation create <name>                found an organisation
  organisation list                         every organisation (bootstrap key)
  department create <organisationId> <slug> <name>
  department list <organisationId>
  character create <organisationId> <firstName> <lastName> [--date-of-birth YYYY-MM-DD]
  character list <organisationId>
  member add <departmentId> <characterId> [--callsign <callsign>]
  link-code issue <characterId>             a one-time code, valid ten minutes, to type in game
  invitation create <organisationId> --role <role>   a one-time address that makes its holder a member
  account list <organisationId>             the organisation's people, with their roles
  account set-role <organisationId> <personId> --role <role>
  account disable <organisationId> <personId>
  credential create <organisationId> --kind game|generic_api_key --label <label>
                    [--department <departmentId>] [--scopes a,b,c | --all-scopes]
  credential list <organisationId>
  credential rotate <clientId>              print a new client secret once
  credential revoke <clientId>

Commands other than bootstrap-key, backup and restore act as the operator key in CAD_OPERATOR_KEY.
<command> --help explains one command. Output is JSON (--json is accepted and changes nothing);
the exit code is 0 on success, 1 on a refusal, 2 on a usage error.`;

/** What `<command> --help` prints, by command. */
export const HELP: Readonly<Record<string, string>> = {
  'bootstrap-key reset': `usage: npm run cli -- bootstrap-key reset
Replaces the bootstrap operator key and prints the new one once, as {"bootstrapKey": "..."}.
With the embedded database, stop the service first. Needs no CAD_OPERATOR_KEY.`,
  backup: `usage: npm run cli -- backup <file>
Copies the embedded database (CAD_DATA_DIR) into a new file, which must not exist yet.
The service must be stopped: while it holds the data directory, backup refuses and names it.
With PostgreSQL, use pg_dump instead. Needs no CAD_OPERATOR_KEY.`,
  restore: `usage: npm run cli -- restore <file>
Restores a backup into CAD_DATA_DIR, which must be new or empty; credentials, tokens and keys
work as they did when the backup was taken. Needs no CAD_OPERATOR_KEY.`,
  'organisation create': `usage: npm run cli -- organisation create <name>
Founds an organisation with the default settings; prints {"organisationId": "..."}.
Needs the bootstrap key in CAD_OPERATOR_KEY.`,
  'organisation list': `usage: npm run cli -- organisation list
Lists every organisation, oldest first, as a JSON array of {organisationId, name, createdAt}.
Needs the bootstrap key in CAD_OPERATOR_KEY.`,
  'department list': `usage: npm run cli -- department list <organisationId>
Lists the organisation's departments, active or not, oldest first, as a JSON array of
{departmentId, slug, name, isActive}. Needs organisation.settings.manage.`,
  'character list': `usage: npm run cli -- character list <organisationId>
Lists the organisation's characters, oldest first, as a JSON array of {characterId,
characterPublicId, displayName, firstName, lastName, dateOfBirth}. Needs roster.manage.`,
  'department create': `usage: npm run cli -- department create <organisationId> <slug> <name>
Adds a department; <slug> is lower case words joined by hyphens (the slug /duty names).
Prints {"departmentId": "..."}. Needs organisation.settings.manage.`,
  'character create': `usage: npm run cli -- character create <organisationId> <firstName> <lastName> [--date-of-birth YYYY-MM-DD]
Creates a player's character; prints its characterId, characterPublicId and displayName.
Needs roster.manage.`,
  'invitation create': `usage: npm run cli -- invitation create <organisationId> --role owner|admin|supervisor|dispatcher|officer|civilian
Makes a one-time invitation, valid seven days; prints {invitationPath, role, expiresAt}. Open the
service's address followed by invitationPath to create the account. Needs roster.manage; an owner
or admin invitation needs every permission (the bootstrap key makes an organisation's first owner).`,
  'account list': `usage: npm run cli -- account list <organisationId>
Lists the organisation's people as a JSON array of {personId, displayName, status, role, since}.
Needs roster.manage.`,
  'account set-role': `usage: npm run cli -- account set-role <organisationId> <personId> --role <role>
Gives the person another role in the organisation; it counts from their next request. Needs
roster.manage; owners and admins are changed only by a key holding every permission.`,
  'account disable': `usage: npm run cli -- account disable <organisationId> <personId>
Disables the person's account: their sessions stop working at their next request, everywhere.
Needs roster.manage.`,
  'member add': `usage: npm run cli -- member add <departmentId> <characterId> [--callsign <callsign>]
Puts the character on the department's roster with its unit; without --callsign the unit has
none, and /duty answers callsign_not_assigned until one is set. Prints membershipId, unitId,
unitLabel. Needs roster.manage.`,
  'link-code issue': `usage: npm run cli -- link-code issue <characterId>
Issues a one-time link code, valid ten minutes, that the player types in game (/identity/link).
Prints {"code": "...", "expiresAt": "..."}. Needs roster.manage.`,
  'credential create': `usage: npm run cli -- credential create <organisationId> --kind game|generic_api_key --label <label>
                  [--department <departmentId>] [--scopes a,b,c | --all-scopes]
A game credential needs --department and may hold game.citation.issue, game.arrest.log,
game.bolo.trigger; an API credential has no department and at least one of the ten API scopes.
--all-scopes ticks every scope of the kind. Prints the client id and the secret, once.
Needs integrations.credential.manage.`,
  'credential list': `usage: npm run cli -- credential list <organisationId>
Lists the organisation's credentials (never a secret). Needs integrations.credential.manage.`,
  'credential rotate': `usage: npm run cli -- credential rotate <clientId>
Replaces the client secret and prints the new one once; the old one stops working at once.
Needs integrations.credential.manage.`,
  'credential revoke': `usage: npm run cli -- credential revoke <clientId>
Stops new token exchanges with the credential; tokens already issued work until they expire.
Needs integrations.credential.manage.`,
};
