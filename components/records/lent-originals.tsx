'use client';
// Control Escolar › Documentos: the originals lent back to their owners, soonest due first, the
// overdue ones first to call about; each is received back from here.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { useInvalidateApi } from '@/lib/api-query';
import { callAction, useActionQuery } from '@/lib/api/actions';
import { lentOriginals, receiveOriginal } from '@/lib/contracts/students';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { formatDate } from '@/lib/format';

const BASE = RESOURCE_BASES.studentDocuments;

export function LentOriginals({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const titleId = useId();
  const invalidate = useInvalidateApi();
  const [overdueOnly, setOverdueOnly] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const lent = useActionQuery(lentOriginals, { query: overdueOnly ? { overdue: 'true' } : {} });
  const receive = async (id: number) => {
    setProblem(null);
    const answer = await callAction(receiveOriginal, { params: { id } });
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    await invalidate(BASE);
  };
  const rows = lent.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="lent-originals">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('scholar.lent.title', { count: rows.length })}
        </Typography>
        <FormControlLabel control={<Switch checked={overdueOnly} onChange={(event) => setOverdueOnly(event.target.checked)} />} label={t('scholar.lent.overdue_only')} />
      </Stack>
      {problem && <Alert severity="error">{problem}</Alert>}
      {lent.data && rows.length === 0 && <Typography color="text.secondary">{t(overdueOnly ? 'scholar.lent.none_overdue' : 'scholar.lent.none')}</Typography>}
      {rows.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('scholar.lent.owner')}</TableCell>
              <TableCell>{t('scholar.checklist.document')}</TableCell>
              <TableCell>{t('fields.lent_at')}</TableCell>
              <TableCell>{t('fields.date_limit')}</TableCell>
              {canEdit && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  {row.owner ? <a href={row.owner.kind === 'student' ? `/scholar/students/${row.owner.id}` : `/permanence/aspirants/${row.owner.id}`}>{`${row.owner.name} · ${row.owner.code}`}</a> : '—'}
                </TableCell>
                <TableCell>{row.doc_type}</TableCell>
                <TableCell>{formatDate(row.lent_at)}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={row.overdue ? 'error' : 'default'} label={row.overdue ? t('scholar.checklist.overdue', { date: formatDate(row.date_limit) }) : formatDate(row.date_limit)} />
                </TableCell>
                {canEdit && (
                  <TableCell align="right">
                    <Button size="small" onClick={() => void receive(row.id)}>
                      {t('scholar.checklist.receive')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
