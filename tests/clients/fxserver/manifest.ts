/**
 * What FXServer reads from a resource's `fxmanifest.lua` before it runs a line of the resource:
 * its scripts, its metadata, the Node.js it gets, and the dependencies it declares.
 */

/** The first server build whose Node.js runtime honours `node_version '22'`. */
export const NODE_22_BUILD = 12913;

/** The server that runs the resource: its build, and the `onesync` convar (`on`, `legacy` or `off`). */
export interface ServerRuntime {
  readonly build: number;
  readonly onesync: 'on' | 'legacy' | 'off';
}

export class Manifest {
  constructor(private readonly text: string) {}

  /** The file named by a one-value directive (`server_script 'server.js'`). */
  entry(directive: string): string {
    const match = this.text.match(new RegExp(`^${directive}\\s+'([^']+)'`, 'm'));
    if (!match) throw new Error(`fxmanifest.lua has no ${directive}`);
    return match[1]!;
  }

  /** Every value of a metadata key, as `GetResourceMetadata(resource, key, index)` reads them. */
  metadata(key: string): string[] {
    return [...this.text.matchAll(new RegExp(`^${key}\\s+'([^']*)'`, 'gm'))].map((m) => m[1]!);
  }

  /**
   * `dependency 'x'` and `dependencies { 'x', 'y' }`: resources, and the runtime's own pseudo-resources
   * `/server:<build>` and `/onesync`.
   * Source: citizenfx/fivem, code/components/citizen-server-impl/src/ServerResources.cpp registers the
   * constraints (`RegisterConstraint("server", <build>)`, `RegisterConstraint("onesync", ...)`), and
   * code/components/citizen-resources-core/src/ResourceManagerConstraintsComponent.cpp (`MatchConstraint`,
   * called by ResourceDependencyLoader.cpp) refuses the start with "%s needs to be %d or higher" or
   * "OneSync needs to be enabled".
   */
  dependencies(): string[] {
    const quoted = (block: string) => [...block.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]!);
    const singles = [...this.text.matchAll(/^dependency\s+(['"][^'"]*['"])/gm)].flatMap((m) => quoted(m[1]!));
    const blocks = [...this.text.matchAll(/^dependencies\s*\{([^}]*)\}/gm)].flatMap((m) => quoted(m[1]!));
    return [...singles, ...blocks];
  }

  /** Why the runtime refuses to start the resource, or null when every constraint holds. */
  unmet(runtime: ServerRuntime): string | null {
    for (const dependency of this.dependencies()) {
      const build = /^\/server:(\d+)$/.exec(dependency);
      if (build && runtime.build < Number(build[1])) return `server needs to be ${build[1]} or higher`;
      if (dependency === '/onesync' && runtime.onesync === 'off') return 'OneSync needs to be enabled';
    }
    return null;
  }

  /**
   * The Node.js major the server script runs on: 22 when the manifest asks for it and the build
   * honours it, else FXServer's default, 16.
   * Source: citizenfx/fivem, code/components/citizen-scripting-node/src/NodeScriptRuntime.cpp
   * (`HandlesFile`: Node 22 takes a `.js` file only when `node_version` is exactly "22", default
   * "16"; the runtime arrived with commit 6c7a57388, "Updated NodeJS to v22", which server build
   * 12913 was the first to ship, as Blumlaut/EasyAdmin#862 and #880 record). Builds from February
   * 2026 on dropped Node 16 altogether; the rule below is right for both.
   */
  nodeMajor(runtime: ServerRuntime): 16 | 22 {
    return this.metadata('node_version')[0] === '22' && runtime.build >= NODE_22_BUILD ? 22 : 16;
  }
}
