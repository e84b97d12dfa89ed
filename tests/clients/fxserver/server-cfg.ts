/** server.cfg as the resource's README writes it: `set` for everything, the secret never `setr`. */
export function serverCfg(settings: Record<string, string>, replicated: readonly string[] = []) {
  return Object.fromEntries(Object.entries(settings).map(([name, value]) => [name, { value, replicated: replicated.includes(name) }]));
}

/** Polls until `check` holds, or fails naming `what` after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
