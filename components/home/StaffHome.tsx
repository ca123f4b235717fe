'use client';

// The staff start page: the period's headline figures of the user's areas, then one card per
// submenu the user may open, with its screens.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuIcon from '@/components/shell/MenuIcon';
import { useShell } from '@/components/shell/ShellContext';
import { visibleMenu } from '@/lib/auth/access';
import { STAFF_MENU } from '@/lib/menu';
import HomeFigures from './HomeFigures';
import HomeHeader from './HomeHeader';
import { cardGridSx } from './LinkCard';

export default function StaffHome() {
  const t = useTranslations('shell.home');
  const tm = useTranslations('menu');
  const { subject } = useShell();
  const groups = visibleMenu(subject, STAFF_MENU);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <HomeHeader intro={groups.length ? t('staff_intro') : ''} />
      <HomeFigures />
      {groups.length === 0 ? (
        <Alert severity="info">{t('staff_empty')}</Alert>
      ) : (
        <Box sx={cardGridSx}>
          {groups.map((group) => (
            <Card key={group.key} component="section" aria-labelledby={`home-${group.key}`} data-testid={`home-submenu-${group.key}`}>
              <CardHeader
                avatar={<MenuIcon name={group.icon} color="primary" />}
                title={tm(`submenus.${group.key}`)}
                subheader={t('screens', { count: group.items.length })}
                slotProps={{ title: { id: `home-${group.key}`, component: 'h2', sx: { fontSize: '1.05rem', fontWeight: 500 } } }}
                sx={{ pb: 0.5 }}
              />
              <List dense sx={{ px: 1, pb: 1 }}>
                {group.items.map((item) => (
                  <li key={item.route}>
                    <ListItemButton component={Link} href={item.path} prefetch={false} sx={{ borderRadius: 1, py: 0.25 }}>
                      <ListItemText primary={tm(`items.${item.route}`)} slotProps={{ primary: { sx: { color: 'primary.main', fontSize: '0.875rem' } } }} />
                    </ListItemButton>
                  </li>
                ))}
              </List>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
