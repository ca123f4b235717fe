// The web app manifest (/manifest.webmanifest, issue 32): Plantel installs on a teacher's phone and
// opens like an app; its capture sheet then works offline (public/sw.js).
import type { MetadataRoute } from 'next';

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Plantel',
    short_name: 'Plantel',
    description: 'Administración escolar: captura de calificaciones, control escolar y finanzas.',
    lang: 'es',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1d4f7c',
    // The app's own icon (app/icon.svg), and the PNG sizes phones install from (scripts/app-icons.ts draws them).
    icons: [
      { src: '/icons/plantel-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/plantel-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}
