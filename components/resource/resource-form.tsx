'use client';
// The create/edit dialog of a generic screen: sections of fields, validated in the browser with
// the API's own messages, then POST {base} or PUT {base}{id}/. Closing with unsaved changes asks
// first, like any other action that throws work away.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { api } from '@/lib/api-client';
import { type ApiRecord, type FormField, type FormMode, type ScreenConfig, recordTitle } from '@/lib/resource-ui';
import { useShellIfAny } from '@/components/shell/ShellContext';
import { ConfirmDialog } from './confirm-dialog';
import { FormSections } from './form-fields';
import { useOpenSession } from './use-open-session';
import { useEditedRecord } from './use-edited-record';
import { useLeaveGuard } from './use-leave-guard';
import { useRecordForm } from './use-record-form';
import { useT } from './use-t';

export type ResourceFormProps = {
  config: Pick<ScreenConfig, 'base' | 'fields' | 'sections' | 'createTitleKey' | 'editTitleKey' | 'labelField' | 'recordName' | 'recordKey'>;
  open: boolean;
  mode: FormMode;
  /** The record to edit; it is read again from the API at each opening, so the form never shows stale data. */
  recordId?: number | string | null;
  onClose: () => void;
  onSaved: (record: ApiRecord, mode: FormMode) => void;
};

/** Each opening gets a fresh form (see useOpenSession). */
/** Fields whose default is the top bar's campus or period get it (when the bar has one). */
function withTopBarDefaults(fields: FormField[], campusId: number | undefined, cicleId: number | undefined): FormField[] {
  if (!fields.some((field) => field.defaultFrom)) return fields;
  return fields.map((field) => {
    const id = field.defaultFrom === 'campus' ? campusId : field.defaultFrom === 'cicle' ? cicleId : undefined;
    return id === undefined || field.defaultValue !== undefined ? field : { ...field, defaultValue: String(id) };
  });
}

export function ResourceForm(props: ResourceFormProps) {
  const session = useOpenSession(props.open);
  return <ResourceFormDialog key={session} {...props} />;
}

function ResourceFormDialog({ config, open, mode, recordId, onClose, onSaved }: ResourceFormProps) {
  const t = useT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const formId = useId();
  const editing = mode === 'edit' && recordId !== null && recordId !== undefined;
  // A new record starts in the campus and period chosen in the top bar.
  const shell = useShellIfAny();
  const fields = useMemo(() => withTopBarDefaults(config.fields, shell?.campus?.id, shell?.cicle?.id), [config.fields, shell?.campus?.id, shell?.cicle?.id]);
  const form = useRecordForm(fields, null, editing ? 'edit' : 'create');
  const { reset, attachContainer } = form;
  // Closing or reloading the tab with unsaved changes asks first (the dialog covers the app's links).
  useLeaveGuard(open && form.dirty);
  const record = useEditedRecord(editing && open ? `${config.base}${recordId}/` : null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const hasRoutes = config.fields.some((field) => field.type === 'routes');

  // The form starts from the record once, when it has been read for this opening.
  const [seeded, setSeeded] = useState(false);
  if (!seeded && record.fresh) {
    setSeeded(true);
    reset(record.fresh, 'edit');
  }
  const loading = editing && !seeded && !record.error;
  const loadError = record.error ? record.error.lines.join('\n') || t(record.error.status === 404 ? 'resource.not_found' : 'resource.load_error') : null;

  const requestClose = () => {
    if (form.saving) return;
    if (form.dirty) setConfirmDiscard(true);
    else onClose();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading || loadError) return;
    const saved = await form.submit((body) =>
      form.mode === 'edit' ? api.put(`${config.base}${form.record?.id}/`, { body }) : api.post(config.base, { body }),
    );
    if (saved) onSaved(saved, form.mode);
  };

  // "Editar alumno: Daniela Álvarez Ibarra" / "Registrar alumno".
  const recordWord = config.recordKey ? t(config.recordKey) : '';
  const title = editing ? t(config.editTitleKey, { label: form.record ? recordTitle(form.record, config) : '', record: recordWord }) : t(config.createTitleKey, { record: recordWord });
  return (
    <>
      <Dialog
        open={open}
        onClose={requestClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth={hasRoutes ? 'lg' : 'md'}
        fullScreen={fullScreen}
        data-testid="resource-form"
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {loading && <LinearProgress aria-label={t('resource.loading')} />}
        <DialogContent dividers>
          {loadError ? (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
              {loadError}
            </Alert>
          ) : (
            <Box
              component="form"
              id={formId}
              noValidate
              onSubmit={handleSubmit}
              ref={attachContainer}
              aria-busy={loading || form.saving}
            >
              {form.general.length > 0 && (
                <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} data-testid="form-errors">
                  {form.general.join('\n')}
                </Alert>
              )}
              <FormSections
                fields={fields}
                sections={config.sections}
                mode={form.mode}
                values={form.values}
                errors={form.errors}
                record={form.record}
                disabled={loading || form.saving}
                onChange={form.change}
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={requestClose} disabled={form.saving} data-testid="resource-cancel">
            {t('resource.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            loading={form.saving}
            disabled={loading || !!loadError}
            data-testid="resource-save"
          >
            {t('resource.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmDiscard}
        message={t('resource.confirm_discard')}
        onConfirm={() => {
          setConfirmDiscard(false);
          onClose();
        }}
        onCancel={() => setConfirmDiscard(false)}
      />
    </>
  );
}
