'use client';

// The theme is built on the client because it holds functions (style overrides), which cannot
// cross from a server component.
import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { Locale } from '@/lib/i18n';
import { createAppTheme } from './theme';

export default function ThemeRegistry({ locale, children }: { locale: Locale; children: ReactNode }) {
  const theme = useMemo(() => createAppTheme(locale), [locale]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
