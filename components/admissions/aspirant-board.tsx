'use client';
// Above Inscr./Reins. › Aspirantes: how many applicants of the top bar's period are at each step of
// admission. Each count opens the list at that step (`admission_status=` in the address, the
// list's own filter), so staff work the board a column at a time.
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { useActionQuery } from '@/lib/api/actions';
import { aspirantStats } from '@/lib/contracts/inscription';

export function AspirantBoard() {
  const t = useT();
  const { cicle, campus } = useShell();
  const current = useSearchParams().get('admission_status');
  const stats = useActionQuery(aspirantStats, { query: { ...(cicle ? { cicle_id: String(cicle.id) } : {}), ...(campus ? { campus_id: String(campus.id) } : {}) } });
  if (!stats.data) return null;
  return (
    <Paper variant="outlined" component="nav" aria-label={t('admissions.board.title')} sx={{ p: 2 }} data-testid="aspirant-board-counts">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {cicle ? t('admissions.board.title_period', { period: cicle.description }) : t('admissions.board.title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Chip component={Link} href="/permanence/aspirants" clickable label={t('admissions.board.all', { count: stats.data.total })} color={current ? 'default' : 'primary'} variant={current ? 'outlined' : 'filled'} />
        {stats.data.by_status.map((row) => (
          <Chip
            key={row.key}
            component={Link}
            href={`/permanence/aspirants?admission_status=${row.key}`}
            clickable
            label={`${row.label} · ${row.count}`}
            color={current === row.key ? 'primary' : 'default'}
            variant={current === row.key ? 'filled' : 'outlined'}
            data-testid={`board-${row.key}`}
          />
        ))}
      </Stack>
    </Paper>
  );
}
