'use client';
// A group of the top bar's period, chosen by its code, shift and how many students it holds
// (GET students/api/students/get_groups_by_grade/): the week builder and the attendance lists.
// A school with many careers has hundreds of groups in a period, so a career narrows the list
// and the groups are listed under their grade.
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { useActionQuery } from '@/lib/api/actions';
import { groupsByGrade } from '@/lib/contracts/students';

export function PeriodGroupSelect({ value, onChange, testId }: { value: string; onChange: (groupId: string) => void; testId: string }) {
  const t = useT();
  const { cicle } = useShell();
  const grades = useActionQuery(groupsByGrade, cicle ? { query: { cicle_id: String(cicle.id) } } : null).data ?? [];
  const careers = new Map<number, string>();
  for (const group of grades.flatMap((grade) => grade.groups)) if (group.career_id !== null) careers.set(group.career_id, group.career ?? String(group.career_id));
  const chosen = grades.flatMap((grade) => grade.groups).find((group) => String(group.id) === value);
  const [career, setCareer] = useState('');
  // The career of the group on screen, until staff choose another.
  const careerShown = career || (chosen?.career_id ? String(chosen.career_id) : '');
  const listed = grades
    .map((grade) => ({ grade: grade.grade, groups: grade.groups.filter((group) => !careerShown || String(group.career_id) === careerShown) }))
    .filter((grade) => grade.groups.length > 0);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      {careers.size > 1 && (
        <TextField select size="small" label={t('fields.career')} value={careerShown} onChange={(event) => setCareer(event.target.value)} sx={{ minWidth: 220 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-career` } }}>
          <MenuItem value="">{t('academic.week.all_careers')}</MenuItem>
          {[...careers.entries()]
            .sort((a, b) => a[1].localeCompare(b[1]))
            .map(([id, name]) => (
              <MenuItem key={id} value={String(id)}>
                {name}
              </MenuItem>
            ))}
        </TextField>
      )}
      <TextField select size="small" label={t('fields.group')} value={listed.some((grade) => grade.groups.some((group) => String(group.id) === value)) ? value : ''} onChange={(event) => onChange(event.target.value)} sx={{ minWidth: 260 }} slotProps={{ htmlInput: { 'data-testid': testId } }}>
        {listed.flatMap((grade) => [
          <ListSubheader key={`grade-${grade.grade}`}>{t('academic.week.grade', { grade: grade.grade })}</ListSubheader>,
          ...grade.groups.map((group) => (
            <MenuItem key={group.id} value={String(group.id)}>
              {`${group.code}${group.shift ? ` · ${group.shift}` : ''} (${group.students})`}
            </MenuItem>
          )),
        ])}
      </TextField>
    </Stack>
  );
}
