/** The part of `oidc-provider` 9 the tests start on loopback (the package ships no types). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }
  interface Configuration {
    clients?: Array<Record<string, unknown>>;
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[]>;
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean };
    cookies?: { keys?: string[] };
    features?: Record<string, { enabled: boolean }>;
    [option: string]: unknown;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
