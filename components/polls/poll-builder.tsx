'use client';
// Encuestas › a poll: its builder. Sections and their questions in order, moved with the arrows (or
// the keyboard: focus a row and press Alt+↑ / Alt+↓) or dragged, each new order saved at once with
// sort_sections/ and sort_questions/; questions added with their kind, options and whether they are
// mandatory; a question with answers is deactivated, not deleted; and a preview as a student sees it.
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DragIndicatorOutlined from '@mui/icons-material/DragIndicatorOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { api, formatErrors } from '@/lib/api-client';
import { callAction, useActionQuery } from '@/lib/api/actions';
import { useInvalidateApi } from '@/lib/api-query';
import { type ResourceRow, useResourceRows } from '@/lib/api/resources';
import { pollStructure, sortPollQuestions, sortPollSections } from '@/lib/contracts/polls';
import { QuestionField } from './question-field';
import type { PollQuestion } from './types';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

const SCALE_LABELS = ['Siempre', 'Casi siempre', 'A veces', 'Casi nunca', 'Nunca'];

/** The list with one item moved from `from` to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item);
  return next;
}

export function PollBuilder({ pollId, canEdit }: { pollId: string; canEdit: boolean }) {
  const t = useT();
  const invalidate = useInvalidateApi();
  const structure = useActionQuery(pollStructure, { params: { id: pollId } });
  const kinds = useResourceRows('catalogs', { clas_id: '13', no_paginate: 'true' }).data ?? [];
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState<{ section: number; index: number } | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const [preview, setPreview] = useState(false);
  const [newSection, setNewSection] = useState('');

  const run = async (call: () => Promise<{ ok: boolean; data: unknown }>) => {
    setBusy(true);
    setProblem(null);
    const answer = await call();
    setBusy(false);
    if (!answer.ok) setProblem(formatErrors(answer.data).join('\n') || t('resource.save_error'));
    await invalidate(RESOURCE_BASES.polls, RESOURCE_BASES.sections, RESOURCE_BASES.questions);
    return answer.ok;
  };
  if (structure.isPending) return <LinearProgress aria-label={t('resource.loading')} />;
  if (!structure.data) return null;
  const sections = structure.data.sections;

  const sortQuestions = (sectionIndex: number, from: number, to: number) => {
    const section = sections[sectionIndex];
    if (to < 0 || to >= section.questions.length || from === to) return;
    void run(() => callAction(sortPollQuestions, { body: { section_id: section.id, ids: moved(section.questions, from, to).map((question) => question.id) } }));
  };
  const sortSections = (from: number, to: number) => {
    if (to < 0 || to >= sections.length) return;
    void run(() => callAction(sortPollSections, { body: { poll_id: Number(pollId), ids: moved(sections, from, to).map((section) => section.id) } }));
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="poll-builder">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h6" component="h2">
          {t('polls.builder.title')}
        </Typography>
        <Button variant="outlined" startIcon={<VisibilityOutlined />} onClick={() => setPreview(true)} data-testid="poll-preview">
          {t('polls.builder.preview')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} data-testid="builder-problem">
          {problem}
        </Alert>
      )}
      <Stack spacing={2}>
        {sections.map((section, sectionIndex) => (
          <Paper key={section.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`builder-section-${sectionIndex}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
                {`${sectionIndex + 1}. ${section.title}`}
              </Typography>
              {canEdit && (
                <>
                  <IconButton size="small" aria-label={t('polls.builder.section_up')} disabled={busy || sectionIndex === 0} onClick={() => sortSections(sectionIndex, sectionIndex - 1)}>
                    <ArrowUpwardOutlined fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={t('polls.builder.section_down')} disabled={busy || sectionIndex === sections.length - 1} onClick={() => sortSections(sectionIndex, sectionIndex + 1)}>
                    <ArrowDownwardOutlined fontSize="small" />
                  </IconButton>
                </>
              )}
            </Stack>
            <List dense>
              {section.questions.map((question, index) => (
                <ListItem
                  key={question.id}
                  divider
                  tabIndex={canEdit ? 0 : undefined}
                  draggable={canEdit}
                  onDragStart={() => setDragging({ section: sectionIndex, index })}
                  onDragOver={(event) => dragging?.section === sectionIndex && event.preventDefault()}
                  onDrop={() => {
                    if (dragging?.section === sectionIndex) sortQuestions(sectionIndex, dragging.index, index);
                    setDragging(null);
                  }}
                  onKeyDown={(event) => {
                    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
                    event.preventDefault();
                    sortQuestions(sectionIndex, index, index + (event.key === 'ArrowUp' ? -1 : 1));
                  }}
                  sx={{ opacity: question.is_active ? 1 : 0.55, gap: 1 }}
                  data-testid={`builder-question-${question.id}`}
                >
                  {canEdit && <DragIndicatorOutlined fontSize="small" sx={{ color: 'text.disabled', cursor: 'grab' }} aria-hidden />}
                  <Stack sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2">{`${index + 1}. ${question.title}${question.is_mandatory ? ' *' : ''}`}</Typography>
                    <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
                      <Chip size="small" label={t(`polls.kinds.${question.kind}`)} />
                      {question.answered && <Chip size="small" variant="outlined" label={t('polls.builder.answered_chip')} />}
                    </Stack>
                  </Stack>
                  {canEdit && (
                    <>
                      <IconButton size="small" aria-label={t('polls.builder.up')} disabled={busy || index === 0} onClick={() => sortQuestions(sectionIndex, index, index - 1)} data-testid={`question-up-${question.id}`}>
                        <ArrowUpwardOutlined fontSize="small" />
                      </IconButton>
                      <IconButton size="small" aria-label={t('polls.builder.down')} disabled={busy || index === section.questions.length - 1} onClick={() => sortQuestions(sectionIndex, index, index + 1)} data-testid={`question-down-${question.id}`}>
                        <ArrowDownwardOutlined fontSize="small" />
                      </IconButton>
                      <Switch size="small" checked={question.is_active} disabled={busy} onChange={() => void run(() => api.put(`${RESOURCE_BASES.questions}${question.id}/`, { body: { is_active: !question.is_active } }))} slotProps={{ input: { 'aria-label': t('polls.builder.active') } }} />
                      <IconButton size="small" aria-label={t('polls.builder.delete')} disabled={busy} onClick={() => void run(() => api.delete(`${RESOURCE_BASES.questions}${question.id}/`))}>
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </>
                  )}
                </ListItem>
              ))}
            </List>
            {canEdit && (
              <Button size="small" startIcon={<AddOutlined />} onClick={() => setAdding(section.id)} data-testid={`add-question-${sectionIndex}`}>
                {t('polls.builder.add_question')}
              </Button>
            )}
          </Paper>
        ))}
      </Stack>
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <TextField size="small" label={t('polls.builder.new_section')} value={newSection} onChange={(event) => setNewSection(event.target.value)} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'new-section-title' } }} />
          <Button
            variant="outlined"
            disabled={busy || !newSection.trim()}
            onClick={async () => {
              if (await run(() => api.post(RESOURCE_BASES.sections, { body: { poll_id: Number(pollId), title: newSection.trim(), section_order: sections.length + 1 } }))) setNewSection('');
            }}
            data-testid="add-section"
          >
            {t('polls.builder.add_section')}
          </Button>
        </Stack>
      )}
      {adding !== null && <QuestionDialog sectionId={adding} order={(sections.find((section) => section.id === adding)?.questions.length ?? 0) + 1} kinds={kinds} onClose={() => setAdding(null)} onSaved={() => void invalidate(RESOURCE_BASES.polls)} />}
      <Dialog open={preview} onClose={() => setPreview(false)} maxWidth="md" fullWidth>
        <DialogTitle>{structure.data.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={3}>
            {structure.data.instructions && <Alert severity="info">{structure.data.instructions}</Alert>}
            {sections.map((section) => (
              <Stack key={section.id} spacing={2}>
                <Typography variant="h6">{section.title}</Typography>
                {section.questions
                  .filter((question) => question.is_active)
                  .map((question) => (
                    <QuestionField key={question.id} question={question} draft={undefined} onChange={() => undefined} />
                  ))}
              </Stack>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(false)}>{t('polls.builder.close')}</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function QuestionDialog({ sectionId, order, kinds, onClose, onSaved }: { sectionId: number; order: number; kinds: ResourceRow<'catalogs'>[]; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [kind, setKind] = useState<string>(kinds.find((item) => item.code === 'SCALE')?.id.toString() ?? '');
  const [title, setTitle] = useState('');
  const [subtitle, setSubtitle] = useState('');
  const [mandatory, setMandatory] = useState(true);
  const [choices, setChoices] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const code = kinds.find((item) => String(item.id) === kind)?.code ?? 'OPEN';
  const options: PollQuestion['options'] =
    code === 'SCALE' ? SCALE_LABELS.map((label, index) => ({ value: 5 - index, label })) : code === 'SINGLE' || code === 'MULTI' ? choices.split('\n').map((line) => line.trim()).filter(Boolean).map((label, index) => ({ value: String(index + 1), label })) : [];
  const save = async () => {
    const answer = await api.post(RESOURCE_BASES.questions, { body: { section_id: sectionId, question_type_id: Number(kind), question_order: order, title, subtitle: subtitle || null, options, is_mandatory: mandatory, is_active: true } });
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    onSaved();
    onClose();
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('polls.builder.add_question')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={t('polls.builder.kind')} value={kind} onChange={(event) => setKind(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'question-kind' } }}>
            {kinds.map((item) => (
              <MenuItem key={item.id} value={String(item.id)}>
                {item.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={t('polls.builder.question_title')} value={title} onChange={(event) => setTitle(event.target.value)} required slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'question-title' } }} />
          <TextField label={t('polls.builder.subtitle')} value={subtitle} onChange={(event) => setSubtitle(event.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
          {(code === 'SINGLE' || code === 'MULTI') && <TextField multiline minRows={3} label={t('polls.builder.choices')} helperText={t('polls.builder.choices_help')} value={choices} onChange={(event) => setChoices(event.target.value)} />}
          {code === 'SCALE' && <Typography variant="body2" color="text.secondary">{t('polls.builder.scale_help', { labels: SCALE_LABELS.join(', ') })}</Typography>}
          <FormControlLabel control={<Switch checked={mandatory} onChange={(event) => setMandatory(event.target.checked)} />} label={t('polls.builder.mandatory')} />
          {problem && <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('polls.builder.close')}</Button>
        <Button variant="contained" disabled={!title.trim() || !kind} onClick={() => void save()} data-testid="question-save">
          {t('polls.builder.save_question')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
