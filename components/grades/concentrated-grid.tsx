'use client';
// Calificaciones › Concentrado general: a group of the period in the top bar as a students × subjects
// grid of one score — a partial, the final or the score that counts — with the failing ones marked
// (under the school's passing grade) and the failures counted by student and by subject. The group
// and the score shown are in the address, so a link opens the same grid.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { useResourceRows } from '@/lib/api/resources';
import { CONCENTRATE_COLUMNS, type ConcentrateColumn, concentrate } from '@/lib/grades/concentrate';
import type { GradeSettings } from '@/lib/grades/score';
import { GradeSection } from './grade-section';
import { gradeTableSx } from './table-style';



// Read by screen readers only: a failing grade is said in words, not only in red.
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0, m: '-1px', p: 0 } as const;

const gridSx = {
  ...gradeTableSx,
  '& td.failed': { color: 'error.dark', bgcolor: 'rgba(211, 47, 47, 0.08)', fontWeight: 700 },
  '& tfoot th, & tfoot td': { fontWeight: 500, borderBottom: 0 },
  '& thead th abbr': { textDecoration: 'none' },
} as const;

export function ConcentratedGrid({ groupId, column, settings }: { groupId: string | null; column: ConcentrateColumn; settings: GradeSettings }) {
  const t = useT();
  const router = useRouter();
  const { cicle } = useShell();
  const groups = useResourceRows('groups', cicle ? { cicle_id: cicle.id, no_paginate: 'true', ordering: 'code' } : null);
  const lines = useResourceRows('mainScores', groupId ? { group_id: groupId, no_paginate: 'true' } : null);
  const grid = useMemo(() => (lines.data ? concentrate(lines.data, column, settings) : null), [lines.data, column, settings]);
  const group = groups.data?.find((item) => String(item.id) === groupId) ?? null;

  const go = (nextGroup: string | null, nextColumn: ConcentrateColumn) => {
    const query = new URLSearchParams(Object.entries({ group_id: nextGroup, column: nextColumn === 'final' ? null : nextColumn }).filter((entry): entry is [string, string] => !!entry[1]));
    router.replace(`/scores/general_summary${query.size ? `?${query}` : ''}`);
  };
  const columnLabel = (key: ConcentrateColumn) => t(`grades.concentrate_${key}`);

  return (
    <Stack spacing={2} data-testid="screen-content">
      <Typography variant="h1">{t('menu.items.scores-general_summary')}</Typography>
      <GradeSection
        title={cicle ? t('grades.concentrate_title', { period: cicle.description }) : t('menu.items.scores-general_summary')}
        aside={
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, width: { xs: '100%', md: 'auto' } }}>
            <Autocomplete
              options={groups.data ?? []}
              value={group}
              onChange={(_event, item) => item && go(String(item.id), column)}
              getOptionLabel={(item) => item.code}
              isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
              disabled={!groups.data}
              autoHighlight
              disableClearable={group !== null}
              sx={{ minWidth: 200 }}
              renderInput={(params) => (
                <TextField {...params} label={t('fields.group_id')} size="small" slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'concentrate-group' } }} />
              )}
            />
            <ToggleButtonGroup exclusive size="small" color="primary" value={column} onChange={(_event, value: ConcentrateColumn | null) => value && go(groupId, value)} aria-label={t('grades.concentrate_show')} sx={{ flexWrap: 'wrap' }}>
              {CONCENTRATE_COLUMNS.map((key) => (
                <ToggleButton key={key} value={key} data-testid={`concentrate-column-${key}`}>
                  {columnLabel(key)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
        }
      >
        {!cicle && <Alert severity="info">{t('grades.pick_period')}</Alert>}
        {cicle && !groupId && <Alert severity="info">{t('grades.concentrate_pick')}</Alert>}
        {lines.error && <Alert severity="error">{lines.error.lines.join('\n') || t('resource.load_error')}</Alert>}
        {grid && grid.students.length === 0 && <Alert severity="info">{t('grades.concentrate_empty')}</Alert>}
        {grid && grid.students.length > 0 && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('grades.concentrate_legend', { min: settings.min_approve, column: columnLabel(column) })}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Box component="table" data-testid="concentrate-grid" sx={gridSx}>
                <thead>
                  <tr>
                    <th scope="col">{t('fields.no_control')}</th>
                    <th scope="col">{t('grades.student')}</th>
                    {grid.subjects.map((subject) => (
                      <th scope="col" className="n" key={subject.id} title={subject.description}>
                        <abbr title={subject.description}>{subject.code}</abbr>
                      </th>
                    ))}
                    <th scope="col" className="n">
                      {t('grades.concentrate_failed')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {grid.students.map((student) => (
                    <tr key={student.student_id} data-testid={`concentrate-row-${student.student_id}`}>
                      <td>{student.no_control}</td>
                      <th scope="row" style={{ fontWeight: 400 }}>
                        {student.full_name}
                      </th>
                      {grid.subjects.map((subject) => {
                        const cell = student.cells[subject.id];
                        return (
                          <td key={subject.id} className={cell?.failed ? 'n failed' : 'n'} data-testid={`concentrate-${student.student_id}-${subject.id}`} data-failed={cell?.failed ? 'true' : undefined}>
                            {cell ? cell.score : '—'}
                            {cell?.failed && <Box component="span" sx={visuallyHidden}>{` ${t('grades.concentrate_failing')}`}</Box>}
                          </td>
                        );
                      })}
                      <td className={student.failed ? 'n failed' : 'n'}>{student.failed}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <td />
                    <th scope="row">{t('grades.concentrate_failed_by_subject')}</th>
                    {grid.subjects.map((subject) => (
                      <td key={subject.id} className="n">
                        {subject.failed}
                      </td>
                    ))}
                    <td className="n">{grid.students.reduce((sum, student) => sum + student.failed, 0)}</td>
                  </tr>
                </tfoot>
              </Box>
            </Box>
          </>
        )}
      </GradeSection>
    </Stack>
  );
}
