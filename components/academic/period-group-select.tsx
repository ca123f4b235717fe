'use client';
// A group of the top bar's period, chosen by its code, shift and how many students it holds
// (GET students/api/students/get_groups_by_grade/): the week builder and the attendance lists.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { useApiQuery } from '@/lib/api-query';

type GradeGroups = { grade: number; groups: { id: number; code: string; shift: string | null; students: number }[] }[];

export function PeriodGroupSelect({ value, onChange, testId }: { value: string; onChange: (groupId: string) => void; testId: string }) {
  const t = useT();
  const { cicle } = useShell();
  const grades = useApiQuery<GradeGroups>(cicle ? '/students/api/students/get_groups_by_grade/' : null, { query: { cicle_id: cicle ? String(cicle.id) : undefined } }).data ?? [];
  return (
    <TextField select size="small" label={t('fields.group')} value={value} onChange={(event) => onChange(event.target.value)} sx={{ minWidth: 260 }} slotProps={{ htmlInput: { 'data-testid': testId } }}>
      {grades.flatMap((grade) =>
        grade.groups.map((group) => (
          <MenuItem key={group.id} value={String(group.id)}>
            {`${group.code}${group.shift ? ` · ${group.shift}` : ''} (${group.students})`}
          </MenuItem>
        )),
      )}
    </TextField>
  );
}
