/**
 * FXServer's access control: `add_ace <principal> <object> allow|deny`, `add_principal <child> <parent>`
 * (and their `remove_` forms), and the server's `IsPlayerAceAllowed(source, object)`, as the
 * CitizenFX sources implement them:
 * - citizenfx/fivem, code/client/citicore/se/Security.cpp: the console commands; `CheckPrivilege`
 *   takes the principal, `builtin.everyone`, and every parent reached through `add_principal`
 *   (transitively), and the object with each of its dotted parents (`cad.duty.lsfd`, `cad.duty`,
 *   `cad`); any matching `deny` answers false at once ("deny trumps all"), else any `allow` answers
 *   true, else false. An access type other than `allow` or `deny` changes nothing (a console message).
 * - citizenfx/fivem, code/components/citizen-server-impl/src/PlayerScriptFunctions.cpp
 *   (`IS_PLAYER_ACE_ALLOWED`): the principals checked are `identifier.<id>` for each of the
 *   player's identifiers (`identifier.license:abc...`), one after another, allowed when any of them
 *   is. `player.<source>` is not among them.
 */
export class Acl {
  private readonly aces: Array<{ principal: string; object: string; type: 'allow' | 'deny' }> = [];
  private readonly parents: Array<{ child: string; parent: string }> = [];

  /** A console line of server.cfg (`add_ace`, `add_principal`, `remove_ace`, `remove_principal`); false when it is none of them. */
  exec(line: string): boolean {
    const [command, a = '', b = '', c = ''] = line.trim().split(/\s+/);
    if (command === 'add_ace' || command === 'remove_ace') {
      // FXServer prints "Access type needs to be 'allow' or 'deny'." and changes nothing.
      if (c !== 'allow' && c !== 'deny') return true;
      if (command === 'add_ace') this.aces.push({ principal: a, object: b, type: c });
      else this.remove(this.aces, (e) => e.principal === a && e.object === b && e.type === c);
      return true;
    }
    if (command === 'add_principal') this.parents.push({ child: a, parent: b });
    else if (command === 'remove_principal') this.remove(this.parents, (e) => e.child === a && e.parent === b);
    else return false;
    return true;
  }

  /** `IS_PLAYER_ACE_ALLOWED`: any of the player's `identifier.<id>` principals is allowed. */
  playerAllowed(identifiers: readonly string[], object: string): boolean {
    return identifiers.some((identifier) => this.allowed(`identifier.${identifier}`, object));
  }

  /** `Context::CheckPrivilege(principal, object)`. */
  allowed(principal: string, object: string): boolean {
    const principals = new Set([principal, 'builtin.everyone']);
    const add = (child: string) => {
      for (const { parent } of this.parents.filter((p) => p.child === child)) {
        if (principals.has(parent)) continue;
        principals.add(parent);
        add(parent);
      }
    };
    add(principal);
    const objects = [object];
    for (let parent = object; parent.includes('.');) objects.push((parent = parent.slice(0, parent.lastIndexOf('.'))));
    let allowed = false;
    for (const target of objects) {
      for (const ace of this.aces) {
        if (ace.object !== target || !principals.has(ace.principal)) continue;
        if (ace.type === 'deny') return false;
        allowed = true;
      }
    }
    return allowed;
  }

  private remove<T>(list: T[], match: (entry: T) => boolean): void {
    for (let i = list.length - 1; i >= 0; i--) if (match(list[i]!)) list.splice(i, 1);
  }
}
