'use client';
// A record's change log (GET {base}{id}/history/): who changed what, newest first.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '@/lib/api-query';
import { formatDateTime } from '@/lib/format';
import { HISTORY_TYPES, changeValues, fieldLabel } from '@/lib/history-text';
import { useOpenSession } from './use-open-session';
import { useT } from './use-t';

export type HistoryEntry = {
  id: number | string;
  date: string;
  user: string | { id?: number; username?: string; full_name?: string } | null;
  type: '+' | '~' | '-';
  /** Why the change was made (a deactivation's reason), when the user said. */
  reason?: string;
  /** `old_label`/`new_label`: what a key or an enum value names ("Arquitectura" for career 5). */
  changes: { field: string; old: unknown; new: unknown; old_label?: string; new_label?: string }[];
};

export type HistoryDialogProps = {
  open: boolean;
  base: string;
  recordId: number | string | null;
  /** What the title names ("jperez"). */
  recordLabel?: string;
  /** Field name -> label message key, to name changed fields as the form does. */
  fieldLabels?: Record<string, string>;
  onClose: () => void;
};

function userName(user: HistoryEntry['user']): string {
  if (!user) return '—';
  if (typeof user === 'string') return user;
  return user.full_name || user.username || (user.id !== undefined ? `#${user.id}` : '—');
}

/** Each opening reads the history again (see useOpenSession). */
export function HistoryDialog(props: HistoryDialogProps) {
  const session = useOpenSession(props.open);
  return <HistoryDialogBody key={`${session}-${props.recordId}`} {...props} />;
}

function HistoryDialogBody({ open, base, recordId, recordLabel, fieldLabels = {}, onClose }: HistoryDialogProps) {
  const t = useT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={fullScreen} data-testid="history-dialog">
      <DialogTitle id={titleId}>
        {recordLabel ? t('resource.history_title_of', { label: recordLabel }) : t('resource.history_title')}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <HistoryEntries base={base} recordId={open ? recordId : null} fieldLabels={fieldLabels} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('resource.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The change log itself, newest first: in the dialog, or as a record page's "Historial" tab. Read
 * each time it is shown (staleTime 0): a change made a moment ago must be in it; while it reads
 * again it keeps showing what it read.
 */
export function HistoryEntries({ base, recordId, fieldLabels = {} }: { base: string; recordId: number | string | null; fieldLabels?: Record<string, string> }) {
  const t = useT();
  const history = useApiQuery<unknown, HistoryEntry[]>(recordId !== null ? `${base}${recordId}/history/` : null, {
    callType: 'history',
    staleTime: 0,
    select: (data) => (Array.isArray(data) ? (data as HistoryEntry[]) : []),
    placeholderData: keepPreviousData,
  });
  const entries = history.isFetching && !history.isError ? null : (history.data ?? []);
  const error = history.error ? history.error.lines.join('\n') || t('resource.load_error') : null;

  // A field the form does not show (a total, a cancellation date) is named as everywhere else;
  // a key by its relation ("career_id" as "Carrera").
  const fieldName = (field: string) => (fieldLabels[field] ? t(fieldLabels[field]) : fieldLabel(field, t));

  return (
    <>
    {entries === null && <LinearProgress aria-label={t('resource.loading')} />}
    {error && (
      <Alert severity="error" sx={{ m: 2, whiteSpace: 'pre-line' }}>
        {error}
      </Alert>
    )}
    {entries !== null && entries.length === 0 && !error && (
      <Typography sx={{ p: 3 }} color="text.secondary">
        {t('resource.history_empty')}
      </Typography>
    )}
    {entries !== null && entries.length > 0 && (
      <TableContainer>
        <Table size="small" stickyHeader aria-label={t('resource.history_title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('resource.history_date')}</TableCell>
              <TableCell>{t('resource.history_user')}</TableCell>
              <TableCell>{t('resource.history_type')}</TableCell>
              <TableCell>{t('resource.history_changes')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => {
              const type = HISTORY_TYPES[entry.type] ?? HISTORY_TYPES['~'];
              return (
                <TableRow key={entry.id} hover sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.date)}</TableCell>
                  <TableCell>{userName(entry.user)}</TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={type.color} label={t(type.key)} title={entry.type} />
                  </TableCell>
                  <TableCell>
                    <HistoryChanges entry={entry} fieldName={fieldName} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    )}
    </>
  );
}

/** What one entry changed: its reason when the user gave one, then a line per field. */
export function HistoryChanges({ entry, fieldName }: { entry: Pick<HistoryEntry, 'type' | 'changes' | 'reason'>; fieldName: (field: string) => string }) {
  const t = useT();
  return (
    <>
      {entry.reason && (
        <Typography variant="body2" sx={{ mb: 0.5, overflowWrap: 'anywhere' }} data-testid="history-reason">
          <Box component="span" sx={{ fontWeight: 500 }}>
            {t('resource.reason')}:
          </Box>{' '}
          {entry.reason}
        </Typography>
      )}
      {entry.changes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          —
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
          {entry.changes.map((change, index) => {
            const values = changeValues(change, entry.type, t);
            return (
              <Box component="li" key={`${change.field}-${index}`} sx={{ typography: 'body2', py: 0.25, overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ fontWeight: 500 }}>
                  {fieldName(change.field)}:
                </Box>{' '}
                {values.old !== null && values.new !== null ? (
                  <>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {values.old}
                    </Box>
                    <Box component="span" aria-label={t('resource.history_becomes')} sx={{ mx: 0.5 }}>
                      →
                    </Box>
                    {values.new}
                  </>
                ) : (
                  (values.new ?? values.old)
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </>
  );
}
