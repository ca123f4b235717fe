'use client';
// Becas › Asignación, above the list of granted scholarships: a scholarship of the catalogue is
// granted for the top bar's period to a list of students, picked one by one (by name or control
// number) or a whole group at once. Each student on the list is checked as it is added
// (student-ships/validate/: the last period's average against the minimum, the career, already
// granted), and the grant (massive/) answers who could not have it and why.
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { useId, useState } from 'react';
import { useNotice } from '@/components/resource/notice';
import { ReferenceInput } from '@/components/resource/reference-input';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { formatErrors } from '@/lib/api-client';
import { callAction } from '@/lib/api/actions';
import { useInvalidateApi } from '@/lib/api-query';
import { type ResourceRow, readResourceRecord, readResourceRows, useResourceRows } from '@/lib/api/resources';
import type { AnswerOf } from '@/lib/contracts/contract';
import { grantScholarships, validateScholarship } from '@/lib/contracts/finance';
import { type FormValue } from '@/lib/resource-ui';
import { activeStudentField } from './student-field';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

const SHIPS = RESOURCE_BASES.studentShips;
const MAX_STUDENTS = 500;

const STUDENT_FIELD = activeStudentField('scholarship');

type StudentRow = Pick<ResourceRow<'students'>, 'id' | 'names' | 'first_name' | 'second_name' | 'no_control'>;
type Listed = { id: number; label: string; check: AnswerOf<typeof validateScholarship> | null };
type Granted = AnswerOf<typeof grantScholarships>;

const labelOf = (student: StudentRow) => `${[student.first_name, student.second_name, student.names].filter(Boolean).join(' ')} · ${student.no_control}`;

export function ScholarshipPanel() {
  const t = useT();
  const titleId = useId();
  const { cicle } = useShell();
  const { notify, node: notice } = useNotice();
  const invalidate = useInvalidateApi();
  const ships = useResourceRows('scholarships', { status: 'true', no_paginate: 'true', ordering: 'name' }).data ?? [];
  const groups = useResourceRows('groups', cicle ? { cicle_id: cicle.id, no_paginate: 'true', ordering: 'code' } : null).data ?? [];
  const [ship, setShip] = useState('');
  const [group, setGroup] = useState('');
  const [picked, setPicked] = useState('');
  const [listed, setListed] = useState<Listed[]>([]);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Granted | null>(null);

  /** Checks each new student against the chosen scholarship as they join the list. */
  const validate = async (ids: number[], shipId: string) => {
    if (!shipId || !cicle) return;
    const answers = await Promise.all(ids.map((id) => callAction(validateScholarship, { body: { student_id: id, scholar_ship_id: Number(shipId), cicle_id: cicle.id } })));
    const byId = new Map(ids.map((id, index) => [id, answers[index].ok ? answers[index].data : null]));
    setListed((current) => current.map((row) => (byId.has(row.id) ? { ...row, check: byId.get(row.id) ?? null } : row)));
  };

  const add = (students: { id: number; label: string }[]) => {
    setOutcome(null);
    const known = new Set(listed.map((row) => row.id));
    const fresh = students.filter((student) => !known.has(student.id)).slice(0, Math.max(0, MAX_STUDENTS - listed.length));
    if (fresh.length === 0) return;
    setListed((current) => [...current, ...fresh.map((student) => ({ ...student, check: null }))]);
    void validate(
      fresh.map((student) => student.id),
      ship,
    );
  };

  const addStudent = async (value: FormValue) => {
    const id = typeof value === 'string' ? Number(value) : NaN;
    setPicked('');
    if (!Number.isInteger(id) || id <= 0) return;
    const answer = await readResourceRecord('students', id);
    if (answer.ok) add([{ id, label: labelOf(answer.data) }]);
  };

  const addGroup = async () => {
    if (!group) return;
    const answer = await readResourceRows('students', { current_group_id: group, is_active: 'true', no_paginate: 'true', ordering: 'first_name,second_name,names' });
    if (!answer.ok) return notify(formatErrors(answer.data).join('\n'), 'error');
    add(answer.data.map((student) => ({ id: student.id, label: labelOf(student) })));
  };

  const chooseShip = (value: string) => {
    setShip(value);
    setOutcome(null);
    setListed((current) => current.map((row) => ({ ...row, check: null })));
    void validate(
      listed.map((row) => row.id),
      value,
    );
  };

  const grant = async () => {
    if (!cicle || !ship) return notify(t('finance.scholarship.choose_first'), 'error');
    if (listed.length === 0) return notify(t('finance.scholarship.no_students'), 'error');
    setBusy(true);
    const answer = await callAction(grantScholarships, { body: { scholar_ship_id: Number(ship), cicle_id: cicle.id, student_ids: listed.map((row) => row.id), notes: notes.trim() || undefined } });
    setBusy(false);
    if (!answer.ok) return notify(formatErrors(answer.data).join('\n'), 'error');
    setOutcome(answer.data);
    // Those granted leave the list; those refused stay with their reasons.
    const granted = new Set(answer.data.assigned);
    setListed((current) => current.filter((row) => !granted.has(row.id)));
    await invalidate(SHIPS);
  };

  const ready = listed.filter((row) => row.check?.valid).length;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="scholarship-assign">
      <Typography id={titleId} variant="h6" component="h2">
        {t('finance.scholarship.assign_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {cicle ? t('finance.scholarship.assign_help', { period: cicle.description }) : t('finance.tuition.no_period')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField select label={t('finance.scholarship.scholarship')} value={ship} onChange={(event) => chooseShip(event.target.value)} sx={{ minWidth: 260 }} slotProps={{ htmlInput: { 'data-testid': 'scholarship-choice' } }}>
          {ships.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <Stack sx={{ minWidth: 320, flex: 1 }}>
          <ReferenceInput field={STUDENT_FIELD} value={picked} label={t('finance.scholarship.add_student')} helper={t('finance.tuition.student_help')} onChange={(_name, value) => void addStudent(value)} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField select label={t('finance.scholarship.group')} value={group} onChange={(event) => setGroup(event.target.value)} sx={{ minWidth: 160 }}>
            {groups.map((option) => (
              <MenuItem key={option.id} value={String(option.id)}>
                {option.code}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" startIcon={<GroupAddOutlined />} onClick={addGroup} disabled={!group} sx={{ mt: 1 }}>
            {t('finance.scholarship.add_group')}
          </Button>
        </Stack>
      </Stack>

      {listed.length > 0 && (
        <Table size="small" sx={{ mt: 2 }} aria-label={t('finance.scholarship.list')} data-testid="scholarship-list">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.student')}</TableCell>
              <TableCell>{t('finance.scholarship.average')}</TableCell>
              <TableCell>{t('finance.scholarship.check')}</TableCell>
              <TableCell padding="checkbox" />
            </TableRow>
          </TableHead>
          <TableBody>
            {listed.map((row) => (
              <TableRow key={row.id} data-valid={row.check ? String(row.check.valid) : 'pending'}>
                <TableCell>{row.label}</TableCell>
                <TableCell>{row.check?.average ?? ''}</TableCell>
                <TableCell>
                  {!ship ? '' : row.check === null ? '…' : row.check.valid ? <Chip size="small" color="success" variant="outlined" label={t('finance.scholarship.may_have')} /> : row.check.reasons.join(' · ')}
                </TableCell>
                <TableCell padding="checkbox">
                  <IconButton size="small" aria-label={t('finance.scholarship.remove', { name: row.label })} onClick={() => setListed((current) => current.filter((item) => item.id !== row.id))}>
                    <CloseOutlined fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <TextField label={t('fields.notes')} value={notes} onChange={(event) => setNotes(event.target.value)} size="small" sx={{ minWidth: 280 }} />
        <Button variant="contained" startIcon={<SchoolOutlined />} onClick={grant} disabled={busy || !cicle} data-testid="scholarship-grant">
          {ship && listed.length > 0 ? t('finance.scholarship.grant_count', { count: ready, total: listed.length }) : t('finance.scholarship.grant')}
        </Button>
      </Stack>
      {outcome && (
        <Alert severity={outcome.rejected.length > 0 ? 'warning' : 'success'} sx={{ mt: 2 }} data-testid="scholarship-outcome">
          <Typography variant="body2">{outcome.detail}</Typography>
          {outcome.assigned.length > 0 && outcome.rejected.length > 0 && <Typography variant="body2">{t('finance.scholarship.all_assigned', { count: outcome.assigned.length })}</Typography>}
          {outcome.rejected.map((row) => (
            <Typography key={row.student_id} variant="body2">
              {row.name}: {row.reasons.join(' · ')}
            </Typography>
          ))}
        </Alert>
      )}
      {notice}
    </Paper>
  );
}
