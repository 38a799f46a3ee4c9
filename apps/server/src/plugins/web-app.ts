import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_CONFIG_ELEMENT_ID, type PublicConfig, publicConfigSchema } from '@bo/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFoundAnswer } from './errors';

/** Written by the web build (apps/web/vite.config.ts): for an address prefix, the chunks its pages need. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
const routePreloadsSchema = z.record(
  z.string().startsWith('/'),
  z.array(z.string().regex(/^\/[\w./-]+\.js$/)),
);

interface PageVariant {
  prefix: string;
  html: string;
}

/**
 * index.html once per address prefix of route-preloads.json, with a modulepreload link per chunk: the
 * browser fetches and compiles a screen's code while the entry chunk still runs, instead of after it.
 */
function pageVariants(distDir: string, indexHtml: string): PageVariant[] {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return [];
  const preloads = routePreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return Object.entries(preloads).map(([prefix, chunks]) => {
    // crossorigin as on Vite's own links: a module fetched without it would not be reused by the import.
    const links = chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="${chunk}">`).join('');
    return { prefix, html: indexHtml.replace('</head>', `${links}</head>`) };
  });
}

const underPrefix = (url: string, prefix: string): boolean => {
  const pathname = url.split('?')[0] ?? '';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
};

/**
 * The public product settings (the Config call's answer) as a JSON data block in the page: the login page
 * shows the product name at its first paint without a request, and without the contract's schemas (ADR
 * 0012). A data block is not run, so the CSP's script rules do not apply; `<` is escaped so that no value
 * can close the element.
 */
export const productConfigBlock = (config: PublicConfig): string => {
  const json = JSON.stringify(publicConfigSchema.parse(config)).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRODUCT_CONFIG_ELEMENT_ID}">${json}</script>`;
};

/** Serves the built web app, with index.html for every client-side route; other unknown paths get a 404 envelope. */
export function registerWebApp(app: FastifyInstance, distDir: string, publicConfig: PublicConfig) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  const indexHtml = hasWebApp
    ? readFileSync(indexFile, 'utf8').replace('</head>', `${productConfigBlock(publicConfig)}</head>`)
    : '';
  const variants = hasWebApp ? pageVariants(distDir, indexHtml) : [];

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      hasWebApp &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      request.headers.accept?.includes('text/html') === true;
    if (!wantsPage) return reply.status(404).send(notFoundAnswer);
    reply.header('cache-control', 'no-cache');
    const html = variants.find((v) => underPrefix(request.url, v.prefix))?.html ?? indexHtml;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
