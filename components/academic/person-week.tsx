'use client';
// Académico › Horarios › a teacher or a student: whose week, chosen by name, then their classes of
// the top bar's period on the grid, with the week to print as PDF or xlsx.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRouter } from 'next/navigation';
import { StudentSchedule } from '@/components/grades/student-schedule';
import { TeacherWeek } from '@/components/grades/teacher-week';
import { ReferenceInput } from '@/components/resource/reference-input';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import type { FormField, FormValue } from '@/lib/resource-ui';
import { actionUrl } from '@/lib/api/actions';
import { teacherWeek } from '@/lib/contracts/academic';
import { studentWeek } from '@/lib/contracts/students';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

const FIELDS: Record<'teacher' | 'student', FormField> = {
  teacher: {
    name: 'teacher_id',
    labelKey: 'fields.teacher',
    type: 'reference',
    section: 'week',
    optionsFrom: { base: RESOURCE_BASES.teachers, labelField: 'names', labelFields: ['first_name', 'second_name', 'names'] },
  },
  student: {
    name: 'student_id',
    labelKey: 'fields.student',
    type: 'reference',
    section: 'week',
    optionsFrom: { base: RESOURCE_BASES.students, labelField: 'names', labelFields: ['names', 'first_name', 'second_name', 'no_control'], query: { is_active: 'true' } },
  },
};

export function PersonWeek({ kind, id }: { kind: 'teacher' | 'student'; id: number | null }) {
  const t = useT();
  const router = useRouter();
  const { cicle } = useShell();
  const file = (format: 'pdf' | 'xlsx') =>
    kind === 'teacher'
      ? actionUrl(teacherWeek, { query: { teacher_id: String(id), cicle_id: String(cicle?.id ?? ''), format } })
      : actionUrl(studentWeek, { query: { student_id: String(id), format } });
  return (
    // The week below carries the screen's content mark once a person is chosen.
    <Stack spacing={2} data-testid={id ? undefined : 'screen-content'}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Stack sx={{ minWidth: 320 }}>
          <ReferenceInput
            field={FIELDS[kind]}
            value={id ? String(id) : ''}
            label={t(FIELDS[kind].labelKey)}
            helper={undefined}
            onChange={(_name: string, value: FormValue) => value && router.push(`/scholar/scheduler/${kind}/${value}`)}
          />
        </Stack>
        {id && (
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} href={file('pdf')} data-testid="person-week-pdf">
              {t('academic.week.print_pdf')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} href={file('xlsx')}>
              {t('academic.week.print_xlsx')}
            </Button>
          </Stack>
        )}
      </Stack>
      {id && kind === 'teacher' && <TeacherWeek teacher={false} teacherId={id} title={t('academic.week.teacher_title')} />}
      {id && kind === 'student' && <StudentSchedule studentId={String(id)} title={t('academic.week.student_title')} />}
    </Stack>
  );
}
