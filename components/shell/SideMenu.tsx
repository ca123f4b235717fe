'use client';

// The side menu (spec sections 2 and 6). Staff and teachers get the staff menu reduced to the
// routes they may open; students the portal; aspirants their board. Collapsed, it shows icons
// only and a submenu opens as a flyout next to its icon.
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { logout } from '@/lib/api-client';
import { canOpenRoute, normalizeForSearch, visibleMenu } from '@/lib/auth/access';
import { ASPIRANT_MENU, PORTAL_MENU, STAFF_MENU, routeForPath, submenuOf } from '@/lib/menu';
import MenuIcon from './MenuIcon';
import { useShell } from './ShellContext';
import { Hint } from './hint';

type Entry = { route: string; path: string; icon: string; title: string };
type Group = { key: string; icon: string; title: string; items: Entry[] };

type SideMenuProps = {
  /** null before hydration: CSS media queries decide (collapsed below the lg breakpoint). */
  collapsed: boolean | null;
  /** After following a link (closes the phone overlay). */
  onNavigate?: () => void;
  /** Asked by the collapsed search button: the search box needs the expanded menu. */
  onExpand?: () => void;
  /** What data-collapsed reports when it differs from the layout (a closed phone overlay). */
  reportCollapsed?: boolean;
};

const labelText = { fontSize: '0.8125rem', lineHeight: 1.3 } as const;

// One set of rules for "collapsed", applied by the data attribute once the viewport is known and
// by a media query before that, so the server-rendered menu already has the right shape.
const collapsedRules = {
  '& .shell-label, & .shell-items, & .shell-search-field': { display: 'none' },
  '& .shell-search-button': { display: 'inline-flex' },
  '& .shell-row': { justifyContent: 'center', px: 0 },
  '& .shell-icon': { minWidth: 0 },
} as const;

const navSx = (theme: Theme) => ({
  height: '100%',
  display: 'flex',
  flexDirection: 'column' as const,
  '& .shell-search-button': { display: 'none' },
  '&[data-layout="icons"]': collapsedRules,
  '&:not([data-layout])': { [theme.breakpoints.down('lg')]: collapsedRules },
});

export default function SideMenu({ collapsed, onNavigate, onExpand, reportCollapsed }: SideMenuProps) {
  const t = useTranslations('shell');
  const tm = useTranslations('menu');
  const pathname = usePathname();
  const { user, subject } = useShell();
  const [search, setSearch] = useState('');
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const [flyout, setFlyout] = useState<{ key: string; anchor: HTMLElement } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const navRef = useRef<HTMLElement>(null);

  const showSearch = user.kind !== 'aspirant';
  // The search box is hidden while collapsed, so a leftover filter must not hide items there.
  const needle = collapsed === true || !showSearch ? '' : search;
  const currentRoute = routeForPath(pathname);
  const currentGroup = currentRoute ? submenuOf(currentRoute)?.key : undefined;

  const groups = useMemo<Group[] | null>(() => {
    if (user.kind !== 'staff' && user.kind !== 'teacher') return null;
    const titled = STAFF_MENU.map((submenu) => ({
      ...submenu,
      items: submenu.items.map((item) => ({ ...item, title: tm(`items.${item.route}`) })),
    }));
    return visibleMenu(subject, titled, needle).map((submenu) => ({
      key: submenu.key,
      icon: submenu.icon,
      title: tm(`submenus.${submenu.key}`),
      items: submenu.items.map((item) => ({ ...item, title: tm(`items.${item.route}`) })),
    }));
  }, [user.kind, subject, needle, tm]);

  const flat = useMemo<Entry[]>(() => {
    if (groups) return [];
    const source = user.kind === 'student' ? PORTAL_MENU.filter((item) => canOpenRoute(subject, item.route)) : ASPIRANT_MENU;
    const wanted = normalizeForSearch(needle);
    return source
      .map((item) => ({ ...item, title: tm(`items.${item.route}`) }))
      .filter((item) => !wanted || normalizeForSearch(item.title).includes(wanted));
  }, [groups, user.kind, subject, needle, tm]);

  // Keep the current screen's entry in view after navigating (long menus scroll).
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);

  const isActive = (entry: Entry) => (entry.route === 'index' ? pathname === '/' : entry.route === currentRoute);
  const isOpen = (key: string) => needle !== '' || (toggled[key] ?? key === currentGroup);
  const tip = (title: string) => (collapsed === true ? title : '');

  function onGroupClick(key: string, event: MouseEvent<HTMLElement>) {
    if (collapsed === true) setFlyout({ key, anchor: event.currentTarget });
    else setToggled((state) => ({ ...state, [key]: !isOpen(key) }));
  }

  function expandForSearch() {
    onExpand?.();
    // The field is hidden until the expanded layout is committed.
    requestAnimationFrame(() => searchRef.current?.focus());
  }

  function followed() {
    setFlyout(null);
    onNavigate?.();
  }

  const flyoutGroup = collapsed === true && flyout ? groups?.find((group) => group.key === flyout.key) : undefined;
  const empty = groups ? groups.length === 0 : flat.length === 0;

  return (
    <Box
      component="nav"
      id="side-menu"
      ref={navRef}
      aria-label={t('nav.label')}
      data-testid="side-menu"
      data-collapsed={reportCollapsed !== undefined ? String(reportCollapsed) : collapsed === null ? undefined : String(collapsed)}
      data-layout={collapsed === null ? undefined : collapsed ? 'icons' : 'full'}
      sx={navSx}
    >
      <Box sx={(theme) => ({ ...theme.mixins.toolbar, display: 'flex', alignItems: 'center', px: 1, borderBottom: 1, borderColor: 'divider' })}>
        <ButtonBase
          component={Link}
          href="/"
          onClick={followed}
          aria-label={t('brand_home')}
          className="shell-row"
          sx={{ flex: 1, justifyContent: 'flex-start', gap: 1, px: 1, py: 1, borderRadius: 1, color: 'primary.main' }}
        >
          <SchoolOutlined aria-hidden />
          <Typography className="shell-label" component="span" sx={{ fontWeight: 700, fontSize: '1.05rem', letterSpacing: 0.2 }}>
            Plantel
          </Typography>
        </ButtonBase>
      </Box>

      {showSearch && (
        <Box className="shell-row" sx={{ display: 'flex', px: 1, pt: 1.5, pb: 1 }}>
          <TextField
            className="shell-search-field"
            fullWidth
            value={search}
            inputRef={searchRef}
            placeholder={t('nav.search_placeholder')}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && search) {
                event.stopPropagation();
                setSearch('');
              }
            }}
            slotProps={{
              htmlInput: { 'data-testid': 'menu-search', 'aria-label': t('nav.search'), autoComplete: 'off' },
              input: {
                sx: { pl: 1, fontSize: '0.8125rem' },
                startAdornment: (
                  <InputAdornment position="start" sx={{ mr: 0.5 }}>
                    <SearchIcon fontSize="small" aria-hidden />
                  </InputAdornment>
                ),
                endAdornment: search ? (
                  <InputAdornment position="end">
                    <IconButton size="small" edge="end" aria-label={t('nav.clear_search')} onClick={() => setSearch('')}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : null,
              },
            }}
          />
          <Hint title={tip(t('nav.search_open'))} placement="right">
            <IconButton className="shell-search-button" aria-label={t('nav.search_open')} onClick={expandForSearch}>
              <SearchIcon fontSize="small" />
            </IconButton>
          </Hint>
        </Box>
      )}

      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 0.5 }}>
        <List dense disablePadding>
          {groups?.map((group) => {
            const open = isOpen(group.key);
            const holdsCurrent = group.key === currentGroup;
            return (
              <li key={group.key}>
                <Hint title={tip(group.title)} placement="right">
                  <ListItemButton
                    className="shell-row"
                    data-testid={`submenu-${group.key}`}
                    aria-label={group.title}
                    aria-expanded={collapsed === true ? flyout?.key === group.key : open}
                    aria-controls={collapsed === true ? undefined : `submenu-${group.key}-items`}
                    aria-haspopup={collapsed === true ? 'menu' : undefined}
                    onClick={(event) => onGroupClick(group.key, event)}
                    sx={{ px: 1.25, minHeight: 40, ...(holdsCurrent && { color: 'primary.main' }) }}
                  >
                    <ListItemIcon className="shell-icon" sx={{ minWidth: 30, color: 'inherit' }}>
                      <MenuIcon name={group.icon} fontSize="small" />
                    </ListItemIcon>
                    <ListItemText className="shell-label" primary={group.title} slotProps={{ primary: { sx: { ...labelText, fontWeight: 500 } } }} />
                    <Box className="shell-label" sx={{ display: 'flex', color: 'text.secondary' }}>
                      {open ? <ExpandLess fontSize="small" aria-hidden /> : <ExpandMore fontSize="small" aria-hidden />}
                    </Box>
                  </ListItemButton>
                </Hint>
                {collapsed !== true && (
                  <Collapse in={open} timeout="auto" className="shell-items" id={`submenu-${group.key}-items`}>
                    <List dense disablePadding>
                      {group.items.map((item) => {
                        const active = isActive(item);
                        return (
                          <li key={item.route}>
                            <ListItemButton
                              component={Link}
                              href={item.path}
                              prefetch={false}
                              onClick={followed}
                              selected={active}
                              aria-current={active ? 'page' : undefined}
                              data-testid={`menu-item-${item.route}`}
                              sx={{ pl: 4.75, pr: 1, py: 0.5, minHeight: 34 }}
                            >
                              <ListItemText primary={item.title} slotProps={{ primary: { sx: { ...labelText, ...(active && { fontWeight: 500 }) } } }} />
                            </ListItemButton>
                          </li>
                        );
                      })}
                    </List>
                  </Collapse>
                )}
              </li>
            );
          })}

          {flat.map((item) => {
            const active = isActive(item);
            return (
              <li key={item.route}>
                <Hint title={tip(item.title)} placement="right">
                  <ListItemButton
                    className="shell-row"
                    component={Link}
                    href={item.path}
                    prefetch={false}
                    onClick={followed}
                    selected={active}
                    aria-current={active ? 'page' : undefined}
                    aria-label={item.title}
                    data-testid={`menu-item-${item.route}`}
                    sx={{ px: 1.25, minHeight: 40 }}
                  >
                    <ListItemIcon className="shell-icon" sx={{ minWidth: 30, color: 'inherit' }}>
                      <MenuIcon name={item.icon} fontSize="small" />
                    </ListItemIcon>
                    <ListItemText className="shell-label" primary={item.title} slotProps={{ primary: { sx: labelText } }} />
                  </ListItemButton>
                </Hint>
              </li>
            );
          })}
        </List>

        {empty && needle !== '' && (
          <Typography className="shell-label" variant="body2" role="status" sx={{ px: 2, py: 1.5, color: 'text.secondary' }}>
            {t('nav.no_results')}
          </Typography>
        )}
      </Box>

      <Divider />
      <List dense disablePadding sx={{ py: 0.5 }}>
        <li>
          <Hint title={tip(t('logout'))} placement="right">
            <ListItemButton className="shell-row" data-testid="logout" aria-label={t('logout')} onClick={() => void logout()} sx={{ px: 1.25, minHeight: 40 }}>
              <ListItemIcon className="shell-icon" sx={{ minWidth: 30, color: 'inherit' }}>
                <LogoutIcon fontSize="small" aria-hidden />
              </ListItemIcon>
              <ListItemText className="shell-label" primary={t('logout')} slotProps={{ primary: { sx: labelText } }} />
            </ListItemButton>
          </Hint>
        </li>
      </List>

      <Menu
        open={Boolean(flyoutGroup)}
        anchorEl={flyout?.anchor}
        onClose={() => setFlyout(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ list: { dense: true, 'aria-label': flyoutGroup?.title } }}
      >
        {flyoutGroup && (
          <ListSubheader sx={{ lineHeight: 2.5, fontWeight: 500, color: 'primary.main' }}>{flyoutGroup.title}</ListSubheader>
        )}
        {flyoutGroup?.items.map((item) => {
          const active = isActive(item);
          return (
            <MenuItem
              key={item.route}
              component={Link}
              href={item.path}
              prefetch={false}
              onClick={followed}
              selected={active}
              aria-current={active ? 'page' : undefined}
              data-testid={`menu-item-${item.route}`}
              sx={{ fontSize: '0.875rem' }}
            >
              {item.title}
            </MenuItem>
          );
        })}
      </Menu>
    </Box>
  );
}
