'use client';
// The screens a role opens: the staff menu's submenus and the student portal, a checkbox per
// submenu (all of its items at once) and per item, titled as the side menu titles them. Routes a
// role holds that are in no menu (older installations) are kept untouched and listed apart.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { PORTAL_MENU, STAFF_MENU } from '@/lib/menu';
import { useT } from './use-t';

type RouteGroup = { key: string; titleKey: string; routes: string[] };

const GROUPS: RouteGroup[] = [
  ...STAFF_MENU.map((submenu) => ({ key: submenu.key, titleKey: `menu.submenus.${submenu.key}`, routes: submenu.items.filter((item) => !item.authorizedBy).map((item) => item.route) })),
  // "index" is open to everyone: granting it means nothing.
  { key: 'portal', titleKey: 'resource.routes_portal', routes: PORTAL_MENU.filter((item) => item.route !== 'index').map((item) => item.route) },
];

const KNOWN = new Set(GROUPS.flatMap((group) => group.routes));

export type RouteTreePickerProps = {
  name: string;
  label: string;
  value: string[];
  onChange: (routes: string[]) => void;
  disabled?: boolean;
  error?: string;
};

export function RouteTreePicker({ name, label, value, onChange, disabled, error }: RouteTreePickerProps) {
  const t = useT();
  const labelId = useId();
  const selected = useMemo(() => new Set(value), [value]);
  const unknown = value.filter((route) => !KNOWN.has(route));
  const knownCount = value.length - unknown.length;

  const itemTitle = (route: string) => t.or(`menu.items.${route}`, route);

  /** Keeps the menu's order, then whatever the role had that no menu lists. */
  const commit = (next: Set<string>) => {
    const ordered = GROUPS.flatMap((group) => group.routes).filter((route) => next.has(route));
    onChange([...new Set([...ordered, ...unknown])]);
  };

  const toggle = (routes: string[], on: boolean) => {
    const next = new Set(selected);
    for (const route of routes) {
      if (on) next.add(route);
      else next.delete(route);
    }
    commit(next);
  };

  return (
    <Box role="group" aria-labelledby={labelId} data-testid={`field-${name}`} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <FormLabel id={labelId} component="span" error={!!error} sx={{ fontWeight: 500, color: 'text.primary' }}>
            {label}
          </FormLabel>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t('resource.routes_count', { count: knownCount, total: KNOWN.size })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => toggle([...KNOWN], true)} disabled={disabled || knownCount === KNOWN.size}>
            {t('resource.routes_all')}
          </Button>
          <Button size="small" onClick={() => toggle([...KNOWN], false)} disabled={disabled || knownCount === 0}>
            {t('resource.routes_none')}
          </Button>
        </Stack>
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Grid container spacing={1.5}>
        {GROUPS.map((group) => {
          const count = group.routes.filter((route) => selected.has(route)).length;
          const all = count === group.routes.length;
          const groupTitle = group.key === 'portal' ? t(group.titleKey) : t.or(group.titleKey, group.key);
          return (
            <Grid key={group.key} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Paper variant="outlined" sx={{ height: '100%', px: 1.5, py: 1 }} role="group" aria-label={groupTitle}>
                <FormControlLabel
                  data-testid={`route-group-${group.key}`}
                  control={
                    <Checkbox
                      size="small"
                      checked={all}
                      indeterminate={count > 0 && !all}
                      onChange={(event) => toggle(group.routes, event.target.checked)}
                    />
                  }
                  label={
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {groupTitle}{' '}
                      <Typography component="span" variant="caption" color="text.secondary">
                        ({count}/{group.routes.length})
                      </Typography>
                    </Typography>
                  }
                  disabled={disabled}
                  sx={{ display: 'flex', mr: 0 }}
                />
                <Box sx={{ pl: 3, display: 'flex', flexDirection: 'column' }}>
                  {group.routes.map((route) => (
                    <FormControlLabel
                      key={route}
                      data-testid={`route-${route}`}
                      control={
                        <Checkbox size="small" name={name} value={route} checked={selected.has(route)} onChange={(event) => toggle([route], event.target.checked)} />
                      }
                      label={<Typography variant="body2">{itemTitle(route)}</Typography>}
                      disabled={disabled}
                      sx={{ mr: 0, '& .MuiCheckbox-root': { py: 0.5 } }}
                    />
                  ))}
                </Box>
              </Paper>
            </Grid>
          );
        })}
      </Grid>
      {unknown.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('resource.routes_other', { count: unknown.length })}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {unknown.map((route) => (
              <Chip
                key={route}
                size="small"
                label={route}
                onDelete={disabled ? undefined : () => onChange(value.filter((item) => item !== route))}
              />
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
