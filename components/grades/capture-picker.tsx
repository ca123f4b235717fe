'use client';
// The one picker of the capture sheet: the class (group and subject, with its teacher for staff) is
// found by typing any part of it — "1a calc" finds ISC-1A · Cálculo diferencial — and the partial is
// one click among the period's. What is picked goes to the address, so a link or a reload opens the
// same sheet.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useT } from '@/components/resource/use-t';
import { normalizeForSearch } from '@/lib/auth/access';
import type { CaptureClass } from '@/lib/grades/wire';

export type PartialButton = { id: number; description: string };

const classLabel = (item: CaptureClass) => `${item.group_code} · ${item.subject_description}`;
const classText = (item: CaptureClass) => normalizeForSearch(`${item.group_code} ${item.subject_code} ${item.subject_description} ${item.teacher ?? ''}`);

/** Every typed word must appear somewhere in the class's group, subject or teacher (accents aside). */
function filterClasses(options: CaptureClass[], { inputValue }: { inputValue: string }) {
  const words = normalizeForSearch(inputValue).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((option) => {
    const text = classText(option);
    return words.every((word) => text.includes(word));
  });
}

export function CapturePicker({
  classes,
  scheduleId,
  partials,
  partialId,
  showTeacher,
  onClass,
  onPartial,
}: {
  /** The period's classes; null while they load. */
  classes: CaptureClass[] | null;
  scheduleId: string | null;
  /** The chosen class's partials; null until a class is chosen and read. */
  partials: PartialButton[] | null;
  partialId: string | null;
  showTeacher: boolean;
  onClass: (item: CaptureClass) => void;
  onPartial: (id: string) => void;
}) {
  const t = useT();
  const value = classes?.find((item) => String(item.schedule_id) === scheduleId) ?? null;
  return (
    <Paper component="form" variant="outlined" sx={{ p: 2 }} aria-label={t('grades.pick_schedule')} onSubmit={(event) => event.preventDefault()}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Autocomplete
          options={classes ?? []}
          value={value}
          onChange={(_event, item) => item && onClass(item)}
          groupBy={(item) => item.group_code}
          getOptionLabel={classLabel}
          getOptionKey={(item) => item.schedule_id}
          isOptionEqualToValue={(option, chosen) => option.schedule_id === chosen.schedule_id}
          filterOptions={filterClasses}
          loading={!classes}
          disabled={!classes}
          autoHighlight
          disableClearable={value !== null}
          noOptionsText={t('grades.classes_none')}
          loadingText={t('grades.classes_loading')}
          sx={{ minWidth: { md: 380 }, flex: { md: '0 1 460px' } }}
          renderOption={({ key, ...props }, item) => (
            <Box component="li" key={key} {...props} data-testid={`capture-class-${item.schedule_id}`} sx={{ display: 'block !important' }}>
              <Typography variant="body2">{`${item.subject_code} ${item.subject_description}`}</Typography>
              {showTeacher && item.teacher && (
                <Typography variant="caption" color="text.secondary">
                  {item.teacher}
                </Typography>
              )}
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('grades.schedule')}
              placeholder={t('grades.class_placeholder')}
              size="small"
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'capture-class' } }}
            />
          )}
        />
        {partials && partials.length > 0 && (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={partialId ?? ''}
            onChange={(_event, id: string | null) => id && onPartial(id)}
            aria-label={t('grades.partial')}
            data-testid="capture-partial"
            sx={{ flexWrap: 'wrap' }}
          >
            {partials.map((partial) => (
              <ToggleButton key={partial.id} value={String(partial.id)} data-testid={`capture-partial-${partial.id}`} sx={{ px: 1.5 }}>
                {partial.description}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      </Stack>
    </Paper>
  );
}
