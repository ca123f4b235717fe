'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import DevicesIcon from '@mui/icons-material/Devices';
import LogoutIcon from '@mui/icons-material/Logout';
import Link from 'next/link';
import { logout } from '@/lib/api-client';
import { LOCALES } from '@/lib/i18n';
import { switchLocale } from './browser-cookies';
import { useShell } from './ShellContext';

export default function UserMenu() {
  const t = useTranslations('shell');
  const locale = useLocale();
  const { user } = useShell();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'user-menu' : undefined}
        sx={{ gap: 1, px: 0.75, py: 0.5, borderRadius: 5, minWidth: 0, '&:hover': { bgcolor: 'action.hover' }, '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' } }}
      >
        <Avatar aria-hidden sx={{ width: 32, height: 32, fontSize: '0.8125rem', bgcolor: 'primary.main' }}>
          {user.initials}
        </Avatar>
        {/* The name is the button's accessible name: on phones it is hidden from sight, not from screen readers. */}
        <Typography
          data-testid="user-name"
          variant="body2"
          noWrap
          sx={{ maxWidth: 200, fontWeight: 500, '@media (max-width: 599.95px)': { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } }}>
          {user.full_name}
        </Typography>
      </ButtonBase>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 0.5 } } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {user.full_name}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {user.email || user.username}
          </Typography>
        </Box>
        <Divider />
        <ListSubheader sx={{ lineHeight: 2.5 }}>{t('user.language')}</ListSubheader>
        {LOCALES.map((option) => (
          <MenuItem
            key={option}
            lang={option}
            role="menuitemradio"
            aria-checked={option === locale}
            data-testid={`language-${option}`}
            onClick={() => (option === locale ? setAnchor(null) : switchLocale(option))}
          >
            <ListItemIcon>{option === locale && <CheckIcon fontSize="small" />}</ListItemIcon>
            {t(`languages.${option}`)}
          </MenuItem>
        ))}
        <Divider />
        {/* One's own sessions: every kind of user, staff and portals alike. */}
        <MenuItem component={Link} href="/account/sessions" prefetch={false} data-testid="user-menu-sessions" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <DevicesIcon fontSize="small" />
          </ListItemIcon>
          {t('user.sessions')}
        </MenuItem>
        <MenuItem data-testid="user-menu-logout" onClick={() => void logout()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
