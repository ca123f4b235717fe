// The look of the whole product: calm institutional blue, neutral surfaces, compact type so
// dense administrative screens stay readable. Breakpoints are the spec's (section 2).
import { createTheme, type Theme } from '@mui/material/styles';
import { enUS, esES } from '@mui/material/locale';
import type { Locale } from '@/lib/i18n';

export const SIDE_MENU_WIDTH = 160;
export const SIDE_MENU_COLLAPSED_WIDTH = 60;
/** On a phone the menu is an overlay, so it can afford room for long titles. */
export const SIDE_MENU_MOBILE_WIDTH = 264;

export function createAppTheme(locale: Locale): Theme {
  // Component texts (pagination, "No options") follow the interface language; the data grid's
  // own texts come with the grid module (components/resource/resource-grid.tsx).
  const localized = locale === 'es' ? [esES] : [enUS];
  return createTheme(
    {
      breakpoints: { values: { xs: 0, sm: 768, md: 992, lg: 1200, xl: 1920 } },
      palette: {
        mode: 'light',
        primary: { main: '#1d4f7c', light: '#4a77a3', dark: '#123552', contrastText: '#ffffff' },
        secondary: { main: '#2f7d6d', contrastText: '#ffffff' },
        success: { main: '#2e7d32' },
        warning: { main: '#b26a00' },
        error: { main: '#c62828' },
        background: { default: '#f3f5f8', paper: '#ffffff' },
        text: { primary: '#1f2933', secondary: '#52606d' },
        divider: 'rgba(31, 41, 51, 0.12)',
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
        h1: { fontSize: '1.625rem', fontWeight: 500, lineHeight: 1.3 },
        h2: { fontSize: '1.375rem', fontWeight: 500, lineHeight: 1.3 },
        h3: { fontSize: '1.2rem', fontWeight: 500, lineHeight: 1.35 },
        h4: { fontSize: '1.1rem', fontWeight: 500 },
        h5: { fontSize: '1rem', fontWeight: 500 },
        h6: { fontSize: '0.95rem', fontWeight: 500 },
        button: { textTransform: 'none', fontWeight: 500 },
      },
      components: {
        // Every control shows where the keyboard focus is (buttons, icon buttons, tabs, switches, links).
        MuiCssBaseline: {
          styleOverrides: (theme) => ({
            ':focus-visible:not(input):not(textarea)': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            '.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          }),
        },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiAppBar: { defaultProps: { elevation: 0 } },
        MuiCard: { defaultProps: { variant: 'outlined' } },
        MuiPaper: { styleOverrides: { outlined: { borderColor: 'rgba(31, 41, 51, 0.12)' } } },
        MuiTooltip: { defaultProps: { arrow: true } },
        MuiTextField: { defaultProps: { size: 'small' } },
        MuiListItemButton: {
          styleOverrides: {
            root: ({ theme }) => ({
              '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
            }),
          },
        },
      },
    },
    ...localized,
  );
}
