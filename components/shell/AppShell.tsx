'use client';

// The frame of every signed-in screen: side menu, top bar and the session's client-side duties
// (where logout lands, selection cookies, leaving the back/forward cache) and the query cache every
// screen below it reads the API through.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme, type Theme } from '@mui/material/styles';
import { configureApi } from '@/lib/api-client';
import { CAMPUS_COOKIE, CICLE_COOKIE, type InitialData } from '@/lib/session-types';
import { SIDE_MENU_COLLAPSED_WIDTH, SIDE_MENU_MOBILE_WIDTH, SIDE_MENU_WIDTH } from '@/components/theme/theme';
import { readCookie, setPreferenceCookie } from './browser-cookies';
import { QueryProvider } from './QueryProvider';
import { ShellProvider } from './ShellContext';
import SideMenu from './SideMenu';
import TopBar from './TopBar';
import { useMediaQueryState } from './use-media-query-state';

function dockedWidth(width: number) {
  return { width, '& .MuiDrawer-paper': { width } };
}

const dockedSx = (theme: Theme) => {
  const transition = theme.transitions.create('width', { duration: theme.transitions.duration.shorter });
  return {
    display: { xs: 'none', sm: 'block' },
    flexShrink: 0,
    width: SIDE_MENU_WIDTH,
    transition,
    '& .MuiDrawer-paper': { width: SIDE_MENU_WIDTH, boxSizing: 'border-box', overflowX: 'hidden', transition },
    '&[data-collapsed="true"]': dockedWidth(SIDE_MENU_COLLAPSED_WIDTH),
    // Before hydration the viewport decides, as it will once the script runs.
    '&:not([data-collapsed])': { [theme.breakpoints.down('lg')]: dockedWidth(SIDE_MENU_COLLAPSED_WIDTH) },
  };
};

export default function AppShell({ initial, children }: { initial: InitialData; children: ReactNode }) {
  const t = useTranslations('shell');
  const theme = useTheme();
  const phone = useMediaQueryState(theme.breakpoints.down('sm'));
  const large = useMediaQueryState(theme.breakpoints.up('lg'));
  // The user's toggle holds for the breakpoint it was made at; crossing lg returns to the default.
  const [choice, setChoice] = useState<{ collapsed: boolean; large: boolean } | null>(null);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const collapsed = large === null ? null : choice && choice.large === large ? choice.collapsed : !large;
  const kind = initial.user.kind;

  useEffect(() => {
    configureApi({ logoutTo: kind === 'aspirant' ? '/aspirants' : '/login' });
  }, [kind]);

  // A page restored from the back/forward cache was never asked of the server: reload so the
  // session is checked again (Back after logging out must not show a private screen).
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // The server may have chosen for the user (first visit, a period that no longer exists):
  // remember its choice so later requests agree with what the selectors show.
  const { campus_id: campusId, cicle_id: cicleId } = initial.selection;
  useEffect(() => {
    if (campusId !== null && readCookie(CAMPUS_COOKIE) !== String(campusId)) setPreferenceCookie(CAMPUS_COOKIE, campusId);
    if (cicleId !== null && readCookie(CICLE_COOKIE) !== String(cicleId)) setPreferenceCookie(CICLE_COOKIE, cicleId);
  }, [campusId, cicleId]);

  function toggleMenu() {
    if (phone) setOverlayOpen((open) => !open);
    else setChoice({ collapsed: !(collapsed ?? true), large: large ?? false });
  }

  return (
    <QueryProvider>
      <ShellProvider initial={initial}>
        <Box
          component="a"
          href="#main-content"
          sx={{
            position: 'absolute',
            left: 8,
            top: -64,
            zIndex: 'tooltip',
            px: 2,
            py: 1,
            borderRadius: 1,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            '&:focus': { top: 8 },
          }}
        >
          {t('skip_to_content')}
        </Box>
        <Box sx={{ display: 'flex', minHeight: '100vh' }}>
          {phone ? (
            <Drawer
              variant="temporary"
              open={overlayOpen}
              onClose={() => setOverlayOpen(false)}
              ModalProps={{ keepMounted: true }}
              slotProps={{ paper: { 'aria-label': t('nav.label') } }}
              sx={{ '& .MuiDrawer-paper': { width: SIDE_MENU_MOBILE_WIDTH, maxWidth: '85vw', boxSizing: 'border-box' } }}
            >
              <SideMenu collapsed={false} reportCollapsed={!overlayOpen} onNavigate={() => setOverlayOpen(false)} />
            </Drawer>
          ) : (
            <Drawer variant="permanent" data-collapsed={collapsed === null ? undefined : String(collapsed)} sx={dockedSx}>
              <SideMenu collapsed={collapsed} onExpand={() => setChoice({ collapsed: false, large: large ?? false })} />
            </Drawer>
          )}
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <TopBar menuClosed={phone ? !overlayOpen : collapsed} phone={phone === true} onToggleMenu={toggleMenu} />
            <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 }, outline: 'none', minWidth: 0 }}>
              {children}
            </Box>
          </Box>
        </Box>
      </ShellProvider>
    </QueryProvider>
  );
}
