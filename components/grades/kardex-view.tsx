'use client';
// The student's kardex (/portal/kardex): the period in course with its partials, then every subject
// by grade with its attempts, the averages by grade and period, the overall average and the credits;
// and the same as a PDF.
import PictureAsPdf from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useShell } from '@/components/shell/ShellContext';
import { useResourceRows } from '@/lib/api/resources';
import { actionUrl, useActionQuery } from '@/lib/api/actions';
import { kardexPdf, kardexSummary } from '@/lib/contracts/reports';
import { documentScore, isApproved } from '@/lib/grades/score';
import { useT } from '@/components/resource/use-t';
import { GradeSection } from './grade-section';
import { gradeTableSx } from './table-style';


// The kardex reads as a document: a little more room per row, failed scores in red.
const tableSx = {
  ...gradeTableSx,
  '& th, & td': { ...gradeTableSx['& th, & td'], py: 0.75 },
  '& td.failed': { color: 'error.main' },
} as const;

// On a phone no column is dropped nor scrolled out of sight: each row becomes a small grid, the
// subject across the first line and its numbers under it, in columns of the same width on every
// row so they still read as columns. `template` lays out the columns; `wide` names the cells
// (by position) that take a whole line.
const phoneRows = (template: string, wide: Record<number, string>) => (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'block',
    fontSize: '0.8125rem',
    '& thead, & tbody': { display: 'block' },
    '& tr': { display: 'grid', gridTemplateColumns: template, columnGap: '4px', borderBottom: 1, borderColor: 'divider', py: 0.5 },
    '& th, & td': { display: 'block', border: 0, px: 0, py: 0.25, minWidth: 0, overflowWrap: 'anywhere' },
    ...Object.fromEntries(Object.entries(wide).map(([position, column]) => [`& tr > :nth-child(${position})`, { gridColumn: column }])),
  },
});
// A grade's subjects: code | name across; then credits, period (the flexible one), ord., extra, T.S., final.
const gradePhoneSx = phoneRows('3.75rem minmax(0, 1fr) repeat(4, 2.5rem)', { 2: '2 / -1' });
// The period in course: the subject across; then P1-P4, final, extra, T.S.
const currentPhoneSx = phoneRows('repeat(7, minmax(0, 1fr))', { 1: '1 / -1' });

/** `studentId`: staff reading a student's kardex; a student always reads their own. */
export function KardexView({ studentId }: { studentId?: string | null }) {
  const t = useT();
  const { cicle } = useShell();
  const student = studentId ? { student_id: studentId } : {};
  const summaryQuery = useActionQuery(kardexSummary, { query: student });
  const scoresQuery = useResourceRows('mainScores', { no_paginate: 'true', ordering: 'subject_code', ...student });
  const data = summaryQuery.data;
  const current = scoresQuery.data;
  const failed = summaryQuery.isError || scoresQuery.isError;

  if (failed) return <Alert severity="error">{t('resource.load_error')}</Alert>;
  if (!data || !current) return null;
  const { summary, settings } = data;
  const shown = (value: string | null) => (value === null ? '' : documentScore(value, settings));
  const inCourse = current.filter((row) => !cicle || row.cicle_id === cicle.id);

  return (
    <Stack spacing={2} data-testid="kardex">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Box>
          <Typography variant="h1">{t('grades.kardex')}</Typography>
          <Typography color="text.secondary">{`${data.student.full_name} · ${data.student.no_control}${data.student.career ? ` · ${data.student.career.name}` : ''}`}</Typography>
        </Box>
        <Button variant="outlined" startIcon={<PictureAsPdf />} href={actionUrl(kardexPdf, { query: student })} download sx={{ alignSelf: { sm: 'center' } }} data-testid="kardex-pdf">
          {t('grades.kardex_download')}
        </Button>
      </Stack>

      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Chip color="primary" label={`${t('grades.kardex_average')}: ${summary.average ?? '—'}`} data-testid="kardex-average" />
        <Chip variant="outlined" label={`${t('grades.kardex_credits')}: ${summary.credits}`} data-testid="kardex-credits" />
        <Chip variant="outlined" label={t('grades.kardex_passed', { approved: summary.approved, failed: summary.failed })} />
      </Stack>

      {inCourse.length > 0 && (
        <GradeSection scroll title={t('grades.kardex_current')}>
          <Box component="table" sx={[tableSx, currentPhoneSx]} data-testid="kardex-current">
            <thead>
              <tr>
                <th scope="col">{t('grades.kardex_subject')}</th>
                {[1, 2, 3, 4].map((no) => (
                  <th scope="col" className="n" key={no}>{`P${no}`}</th>
                ))}
                <th scope="col" className="n">{t('grades.kardex_final')}</th>
                <th scope="col" className="n">{t('grades.kardex_extra')}</th>
                <th scope="col" className="n">{t('grades.kardex_ts')}</th>
              </tr>
            </thead>
            <tbody>
              {inCourse.map((row) => (
                <tr key={row.id}>
                  <th scope="row" style={{ fontWeight: 400 }}>{`${row.subject_code} ${row.subject_description}`}</th>
                  {(['ord_1', 'ord_2', 'ord_3', 'ord_4'] as const).map((key) => (
                    <td className="n" key={key} data-testid={`current-${row.subject_id}-${key}`}>
                      {row[key] ?? ''}
                    </td>
                  ))}
                  <td className="n">{row.final ?? ''}</td>
                  <td className="n">{row.extra ?? ''}</td>
                  <td className="n">{row.ts ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </GradeSection>
      )}

      {summary.grades.length === 0 && <Alert severity="info">{t('grades.kardex_empty')}</Alert>}
      {summary.grades.map((grade) => (
        <GradeSection scroll key={grade.grade} title={t('grades.grade_n', { grade: grade.grade })} aside={grade.average && <Typography variant="body2">{`${t('grades.kardex_average')}: ${grade.average}`}</Typography>}>
          <Box component="table" sx={[tableSx, gradePhoneSx]} data-testid={`kardex-grade-${grade.grade}`}>
            <thead>
              <tr>
                <th scope="col">{t('grades.kardex_code')}</th>
                <th scope="col">{t('grades.kardex_subject')}</th>
                <th scope="col" className="n">{t('grades.kardex_credits_short')}</th>
                <th scope="col">{t('grades.kardex_period')}</th>
                <th scope="col" className="n">{t('grades.kardex_ord')}</th>
                <th scope="col" className="n">{t('grades.kardex_extra')}</th>
                <th scope="col" className="n">{t('grades.kardex_ts')}</th>
                <th scope="col" className="n">{t('grades.kardex_final')}</th>
              </tr>
            </thead>
            <tbody>
              {grade.rows.map((row) => (
                <tr key={row.subject_id}>
                  <td>{row.code}</td>
                  <td>{row.description}</td>
                  <td className="n">{row.credit}</td>
                  <td>{row.cicle_description ?? ''}</td>
                  <td className="n">{shown(row.score)}</td>
                  <td className="n">{shown(row.extra_score)}</td>
                  <td className="n">{shown(row.ts_score)}</td>
                  <td className={row.final_score !== null && !isApproved(row.final_score, settings) ? 'n failed' : 'n'} style={{ fontWeight: 500 }}>
                    {shown(row.final_score)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
        </GradeSection>
      ))}

      {summary.periods.length > 0 && (
        <GradeSection scroll title={t('grades.kardex_period_averages')}>
          <Box component="table" sx={tableSx}>
            <tbody>
              {summary.periods.map((period) => (
                <tr key={period.cicle}>
                  <th scope="row" style={{ fontWeight: 400 }}>
                    {period.cicle}
                  </th>
                  <td className="n">{period.average ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </GradeSection>
      )}
    </Stack>
  );
}
