'use client';

// Campus and period selectors (spec section 4). Both choices live in cookies the server reads;
// a reload lets every screen start over with the new selection.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { CAMPUS_COOKIE, CICLE_COOKIE, type CicleOption } from '@/lib/session-types';
import { deletePreferenceCookie, setPreferenceCookie } from './browser-cookies';
import { useShell } from './ShellContext';

export default function SelectionControls({ stacked = false }: { stacked?: boolean }) {
  const t = useTranslations('shell.selection');
  const { initial, user } = useShell();
  const { campuses, cicles, selection, cicle_locked: locked } = initial;
  // A student belongs to their group's campus: there is nothing for them to choose there.
  const showCampus = user.kind !== 'student';

  function changeCampus(value: string) {
    if (!value || Number(value) === selection.campus_id) return;
    setPreferenceCookie(CAMPUS_COOKIE, value);
    // The server then picks the first active period of the new campus.
    deletePreferenceCookie(CICLE_COOKIE);
    window.location.reload();
  }

  function changeCicle(value: string) {
    if (!value || Number(value) === selection.cicle_id) return;
    setPreferenceCookie(CICLE_COOKIE, value);
    window.location.reload();
  }

  const cicleLabel = (cicle: CicleOption) => {
    const name = cicle.description || cicle.cicle_name || String(cicle.id);
    return cicle.is_active ? name : t('inactive', { name });
  };

  const field = { minWidth: stacked ? 0 : 150, maxWidth: stacked ? 'none' : 240 };

  return (
    <Box sx={{ display: 'flex', flexDirection: stacked ? 'column' : 'row', gap: stacked ? 2 : 1.5, alignItems: 'stretch' }}>
      {showCampus && (
        <TextField
          select
          label={t('campus')}
          id={stacked ? 'campus-select-stacked' : 'campus-select'}
          value={selection.campus_id ?? ''}
          onChange={(event) => changeCampus(event.target.value)}
          disabled={campuses.length === 0}
          sx={field}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'campus-select' },
          }}
        >
          {selection.campus_id === null && (
            <option value="" disabled>
              {campuses.length ? t('choose') : t('no_campus')}
            </option>
          )}
          {campuses.map((campus) => (
            <option key={campus.id} value={campus.id}>
              {campus.name}
            </option>
          ))}
        </TextField>
      )}
      <TextField
        select
        label={t('cicle')}
        id={stacked ? 'cicle-select-stacked' : 'cicle-select'}
        value={selection.cicle_id ?? ''}
        onChange={(event) => changeCicle(event.target.value)}
        disabled={locked || cicles.length === 0}
        helperText={locked && stacked ? t('cicle_locked') : undefined}
        sx={field}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: {
            'data-testid': 'cicle-select',
            title: locked ? t('cicle_locked') : undefined,
          },
        }}
      >
        {selection.cicle_id === null && (
          <option value="" disabled>
            {cicles.length ? t('choose') : t('no_cicle')}
          </option>
        )}
        {cicles.map((cicle) => (
          <option key={cicle.id} value={cicle.id}>
            {cicleLabel(cicle)}
          </option>
        ))}
      </TextField>
    </Box>
  );
}
