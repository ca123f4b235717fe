'use client';

import { useState } from 'react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Popover from '@mui/material/Popover';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import TuneIcon from '@mui/icons-material/Tune';
import { usePending } from '@/lib/api-client';
import { pageTitleKey } from './page-title';
import SelectionControls from './SelectionControls';
import { useShell } from './ShellContext';
import UserMenu from './UserMenu';
import { useMediaQueryState } from './use-media-query-state';
import { Hint } from './hint';

type TopBarProps = {
  /** Whether the menu currently shows only icons (or, on a phone, is closed). null before hydration. */
  menuClosed: boolean | null;
  phone: boolean;
  onToggleMenu: () => void;
};

export default function TopBar({ menuClosed, phone, onToggleMenu }: TopBarProps) {
  const t = useTranslations('shell');
  const tm = useTranslations('menu');
  const tc = useTranslations('common');
  const theme = useTheme();
  const pathname = usePathname();
  const { user } = useShell();
  const busy = usePending() > 0;
  const wide = useMediaQueryState(theme.breakpoints.up('md'));
  const [selectorAnchor, setSelectorAnchor] = useState<HTMLElement | null>(null);

  const titleKey = pageTitleKey(pathname, (key) => tm.has(key));
  const title = titleKey ? tm(titleKey) : tc('app_name');
  const showSelectors = user.kind !== 'aspirant';
  const toggleLabel = phone ? (menuClosed ? t('nav.open') : t('nav.close')) : menuClosed === false ? t('nav.collapse') : t('nav.expand');

  return (
    <AppBar position="sticky" color="inherit" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          data-testid="menu-toggle"
          edge="start"
          aria-label={toggleLabel}
          aria-controls="side-menu"
          aria-expanded={menuClosed === null ? undefined : !menuClosed}
          onClick={onToggleMenu}
        >
          {menuClosed === false ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Typography data-testid="page-title" component="p" variant="h6" noWrap sx={{ flex: 1, minWidth: 0, fontSize: { xs: '1rem', sm: '1.1rem' } }}>
          {title}
        </Typography>

        {showSelectors && wide !== false && (
          <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
            <SelectionControls />
          </Box>
        )}
        {showSelectors && (
          <Hint title={wide === false ? t(user.kind === 'student' ? 'selection.open_cicle' : 'selection.open') : ''}>
            <IconButton
              aria-label={t(user.kind === 'student' ? 'selection.open_cicle' : 'selection.open')}
              aria-haspopup="dialog"
              aria-expanded={Boolean(selectorAnchor)}
              onClick={(event) => setSelectorAnchor(event.currentTarget)}
              sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            >
              <TuneIcon />
            </IconButton>
          </Hint>
        )}
        <Popover
          open={Boolean(selectorAnchor) && wide === false}
          anchorEl={selectorAnchor}
          onClose={() => setSelectorAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { role: 'dialog', 'aria-label': t(user.kind === 'student' ? 'selection.open_cicle' : 'selection.open'), sx: { p: 2, width: 280, maxWidth: 'calc(100vw - 16px)' } } }}
        >
          <SelectionControls stacked />
        </Popover>

        <UserMenu />
      </Toolbar>
      <LinearProgress
        aria-hidden
        variant={busy ? 'indeterminate' : 'determinate'}
        value={0}
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          height: 2,
          bgcolor: 'transparent',
          opacity: busy ? 1 : 0,
          // A call that answers within 200 ms shows no bar at all (spec section 9: 200 ms throttle).
          transition: busy ? 'opacity 0s linear 200ms' : 'opacity 150ms linear',
        }}
      />
    </AppBar>
  );
}
