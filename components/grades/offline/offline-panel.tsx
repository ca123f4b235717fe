'use client';
// Where the teacher's typed scores are (issue 32): "3 cambios guardados en este equipo, sin enviar"
// or "Todo enviado", the changes the server refused with its message (fix or discard), and the
// scores someone else changed meanwhile, both values side by side, for the teacher to choose.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { formatDateTime } from '@/lib/format';
import type { PendingChange } from '@/lib/grades/capture-queue';
import { useT } from '@/components/resource/use-t';

type Props = {
  changes: readonly PendingChange[];
  durable: boolean | null;
  connected: boolean;
  sending: boolean;
  offlineReady: boolean;
  /** A student's name on the sheet. */
  studentName: (studentId: number) => string;
  /** A column's name: the partial's score or a factor. */
  columnName: (column: string) => string;
  onDiscard: (key: string) => void;
  onKeepMine: (key: string) => void;
};

export function OfflineStatus({ changes, durable, connected, sending, offlineReady }: Pick<Props, 'changes' | 'durable' | 'connected' | 'sending' | 'offlineReady'>) {
  const t = useT();
  const count = changes.length;
  const label = sending ? t('offlineCapture.sending') : count ? t('offlineCapture.pending', { count }) : t('offlineCapture.all_sent');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip
        icon={count ? <CloudOffOutlined /> : <CloudDoneOutlined />}
        color={count ? 'warning' : 'success'}
        variant="outlined"
        label={label}
        data-testid="offline-status"
        data-pending={count}
        data-offline-ready={offlineReady}
        aria-live="polite"
        // The colour marks the border and the icon; the words keep the text's contrast.
        sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
      />
      {!connected && (
        <Typography variant="body2" color="text.secondary" data-testid="offline-notice">
          {t('offlineCapture.offline')}
        </Typography>
      )}
      {durable === false && (
        <Typography variant="body2" color="text.primary">
          {t('offlineCapture.device_only')}
        </Typography>
      )}
    </Stack>
  );
}

export function OfflineProblems({ changes, studentName, columnName, onDiscard, onKeepMine }: Pick<Props, 'changes' | 'studentName' | 'columnName' | 'onDiscard' | 'onKeepMine'>) {
  const t = useT();
  const refused = changes.filter((change) => change.state === 'refused');
  const conflicts = changes.filter((change) => change.state === 'conflict' && change.conflict);
  const shown = (value: string) => value || t('offlineCapture.empty');
  const cell = (change: PendingChange) => `${studentName(change.student_id)} · ${columnName(change.column)}`;
  return (
    <>
      {conflicts.length > 0 && (
        <Alert severity="warning" data-testid="capture-conflicts">
          <AlertTitle>{t('offlineCapture.conflicts_title')}</AlertTitle>
          <Stack spacing={1}>
            {conflicts.map((change) => (
              <Stack key={change.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }} data-testid={`conflict-${change.student_id}-${change.column}`}>
                <Typography variant="body2" sx={{ flexGrow: 1 }}>
                  {change.conflict!.by || change.conflict!.at
                    ? t('offlineCapture.conflict_line', {
                        student: cell(change),
                        yours: shown(change.value),
                        current: shown(change.conflict!.current),
                        by: change.conflict!.by ?? t('offlineCapture.someone'),
                        at: change.conflict!.at ? formatDateTime(change.conflict!.at) : '—',
                      })
                    : t('offlineCapture.conflict_line_unknown', { student: cell(change), yours: shown(change.value), current: shown(change.conflict!.current) })}
                </Typography>
                <Button size="small" variant="contained" onClick={() => onKeepMine(change.key)} data-testid="conflict-keep-mine">
                  {t('offlineCapture.keep_mine')}
                </Button>
                <Button size="small" onClick={() => onDiscard(change.key)} data-testid="conflict-keep-theirs">
                  {t('offlineCapture.keep_theirs')}
                </Button>
              </Stack>
            ))}
          </Stack>
        </Alert>
      )}
      {refused.length > 0 && (
        <Alert severity="error" data-testid="capture-refused">
          <AlertTitle>{t('offlineCapture.refused_title')}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('offlineCapture.refused_help')}
          </Typography>
          <Stack spacing={1}>
            {refused.map((change) => (
              <Stack key={change.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }} data-testid={`refused-${change.student_id}-${change.column}`}>
                <Typography variant="body2" sx={{ flexGrow: 1 }}>{`${cell(change)}: ${shown(change.value)} — ${change.message ?? ''}`}</Typography>
                <Button size="small" onClick={() => onDiscard(change.key)} data-testid="refused-discard">
                  {t('offlineCapture.discard')}
                </Button>
              </Stack>
            ))}
          </Stack>
        </Alert>
      )}
    </>
  );
}
