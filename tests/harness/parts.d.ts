/** The types of parts.js (plain JavaScript, since AVA's configurations load without tsx). */
export interface Part {
  readonly name: 'koa' | 'koa-waiting' | 'uws';
  readonly config: string;
  readonly what: string;
  readonly files: readonly string[];
  readonly concurrency: number;
  readonly environment?: Readonly<Record<string, string>>;
}
export declare const WAITING: readonly string[];
export declare const UWS: readonly string[];
export declare const COMMON: { readonly extensions: string[]; readonly nodeArguments: string[]; readonly timeout: string };
export declare const PARTS: readonly Part[];
export declare function takes(part: Part, file: string): boolean;
export declare function configOf(name: Part['name']): Record<string, unknown>;
