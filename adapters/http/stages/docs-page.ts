import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError } from '../error-catalogue.ts';
import type { Exchange } from '../exchange.ts';
import { DOCS_ASSETS, DOCUMENT_PATHS } from '../openapi-system.ts';

/**
 * The API reference page: Swagger UI's standalone bundle, served from the installed package, and
 * a page and start script of our own, so nothing comes from another host and no script is inline.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes on the elements it renders.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const own = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs-page');
const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

type Asset = (typeof DOCS_ASSETS)[number];
const SOURCES: Readonly<Record<Asset, string>> = {
  'swagger-ui.css': join(swaggerUi, 'swagger-ui.css'),
  'swagger-ui-bundle.js': join(swaggerUi, 'swagger-ui-bundle.js'),
  'docs-init.js': join(own, 'docs-init.js'),
  'docs.css': join(own, 'docs.css'),
};

const typeOf = (name: string) => (name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');

/** A GET route of the documents: its path, and what it answers. */
export type DocsRoute = readonly [path: string, answer: (ex: Exchange) => void];

/** The page, its files, and the two machine-readable documents, as GET routes. Files are read once, here. */
export function docsRoutes(openApi: object, asyncApi: object): DocsRoute[] {
  const page = readFileSync(join(own, 'index.html'));
  const assets = new Map(DOCS_ASSETS.map((name) => [name as string, readFileSync(SOURCES[name])]));
  const openApiJson = JSON.stringify(openApi);
  const asyncApiJson = JSON.stringify(asyncApi);
  const json = (body: string) => (ex: Exchange) => {
    ex.status = 200;
    ex.type = 'application/json';
    ex.body = body;
  };
  return [
    [DOCUMENT_PATHS.openApi, json(openApiJson)],
    [DOCUMENT_PATHS.asyncApi, json(asyncApiJson)],
    [
      DOCUMENT_PATHS.docsPage,
      (ex) => {
        ex.set('Content-Security-Policy', DOCS_CSP);
        ex.set('Referrer-Policy', 'no-referrer');
        ex.status = 200;
        ex.type = 'text/html; charset=utf-8';
        ex.body = page;
      },
    ],
    [
      `${DOCUMENT_PATHS.docsPage}/:asset`,
      (ex) => {
        const name = ex.params['asset'] ?? '';
        const asset = assets.get(name);
        if (asset === undefined) throw new HttpError('NOT_FOUND');
        ex.set('Content-Security-Policy', DOCS_CSP);
        ex.set('Cache-Control', 'public, max-age=3600');
        ex.status = 200;
        ex.type = typeOf(name);
        ex.body = asset;
      },
    ],
  ];
}
