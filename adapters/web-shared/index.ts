import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One file of a page, as the browser receives it. */
export interface PageAsset {
  readonly type: string;
  readonly body: Buffer;
}

/** A page's files by their name under its prefix; `''` is the page itself (its index.html). */
export type PageAssets = ReadonlyMap<string, PageAsset>;

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  png: 'image/png',
  svg: 'image/svg+xml',
};

/** The media type of a file, by its extension; a file of another kind is refused at start-up. */
export function typeOf(file: string): string {
  const type = TYPES[file.slice(file.lastIndexOf('.') + 1)];
  if (type === undefined) throw new Error(`No media type is known for ${file}`);
  return type;
}

/**
 * Reads files once: `files` maps each name under the page's prefix to a file in `folder` (a
 * `file:` URL or a path). Used for a page's own assets and for files of an installed package.
 */
export function readAssets(folder: URL | string, files: Readonly<Record<string, string>>): Map<string, PageAsset> {
  const base = typeof folder === 'string' ? folder : fileURLToPath(folder);
  const assets = new Map<string, PageAsset>();
  for (const [name, file] of Object.entries(files)) assets.set(name, { type: typeOf(file), body: readFileSync(join(base, file)) });
  return assets;
}

/** The folder of an installed package (`node_modules/<name>`), to serve some of its files. */
export function packageFolder(name: string, from: string | URL = import.meta.url): string {
  return dirname(createRequire(from).resolve(`${name}/package.json`));
}

/** A JSON document served as a page's file (e.g. a catalogue generated from the domain). */
export const jsonAsset = (value: unknown): PageAsset => ({ type: TYPES['json']!, body: Buffer.from(JSON.stringify(value)) });

/** The shared page code, served under `/shared/`: DOM helpers that isolate other parties' text, the base stylesheet, the providers' sign-in links, and the operator routes' requests. */
export function loadSharedAssets(): PageAssets {
  return readAssets(new URL('./assets/', import.meta.url), {
    'dom.js': 'dom.js',
    'page.css': 'page.css',
    'external-sign-in.js': 'external-sign-in.js',
    'operator-requests.js': 'operator-requests.js',
  });
}

/** Where a live page opens the realtime channel: the uWebSockets.js engine's own port, or null for the page's own origin. */
export type RealtimePort = () => number | null;

/**
 * A live page's files: its own (`files`, read once) plus what every page on the realtime channel
 * needs, Socket.IO's browser client from its installed package (no CDN) and `realtime.json`, which
 * says, as each request asks, on which port the channel listens (the uWS engine's port is known only
 * once it listens).
 */
export function livePageAssets(files: Map<string, PageAsset>, realtimePort: RealtimePort): PageAssets {
  const assets = new Map<string, PageAsset>([
    ...files,
    ...readAssets(`${packageFolder('socket.io-client')}/dist`, { 'socket.io.esm.min.js': 'socket.io.esm.min.js' }),
  ]);
  return new LiveAssets(assets, { 'realtime.json': () => jsonAsset({ port: realtimePort() }) });
}

/** Files read once, plus files made as each request asks for them. */
class LiveAssets extends Map<string, PageAsset> {
  constructor(
    files: Map<string, PageAsset>,
    private readonly live: Readonly<Record<string, () => PageAsset>>,
  ) {
    super(files);
  }

  override get(name: string): PageAsset | undefined {
    return Object.hasOwn(this.live, name) ? this.live[name]!() : super.get(name);
  }

  override has(name: string): boolean {
    return Object.hasOwn(this.live, name) || super.has(name);
  }
}
