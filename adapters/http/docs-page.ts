import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Router } from '@koa/router';
import { HttpError } from './error-catalogue.ts';
import type { HttpState } from './http-state.ts';
import { DOCS_ASSETS, DOCUMENT_PATHS } from './openapi-system.ts';

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

const own = join(dirname(fileURLToPath(import.meta.url)), 'docs-page');
const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

type Asset = (typeof DOCS_ASSETS)[number];
const SOURCES: Readonly<Record<Asset, string>> = {
  'swagger-ui.css': join(swaggerUi, 'swagger-ui.css'),
  'swagger-ui-bundle.js': join(swaggerUi, 'swagger-ui-bundle.js'),
  'docs-init.js': join(own, 'docs-init.js'),
  'docs.css': join(own, 'docs.css'),
};

const typeOf = (name: string) => (name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');

/** Mounts the page, its files, and the two machine-readable documents. Files are read once, here. */
export function mountDocs(router: Router<HttpState>, openApi: object, asyncApi: object): void {
  const page = readFileSync(join(own, 'index.html'));
  const assets = new Map(DOCS_ASSETS.map((name) => [name as string, readFileSync(SOURCES[name])]));
  const openApiJson = JSON.stringify(openApi);
  const asyncApiJson = JSON.stringify(asyncApi);
  router.get(DOCUMENT_PATHS.openApi, (ctx) => {
    ctx.type = 'application/json';
    ctx.body = openApiJson;
  });
  router.get(DOCUMENT_PATHS.asyncApi, (ctx) => {
    ctx.type = 'application/json';
    ctx.body = asyncApiJson;
  });
  router.get(DOCUMENT_PATHS.docsPage, (ctx) => {
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  });
  router.get(`${DOCUMENT_PATHS.docsPage}/:asset`, (ctx) => {
    const asset = assets.get(ctx.params['asset'] ?? '');
    if (asset === undefined) throw new HttpError('NOT_FOUND');
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = typeOf(ctx.params['asset']!);
    ctx.body = asset;
  });
}
