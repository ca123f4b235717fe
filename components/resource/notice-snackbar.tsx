'use client';
// The snackbar of useNotice, in a module of its own: it loads with the first notice, so no
// screen's first load carries it.
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export type NoticeSnackbarProps = { message: string; severity: AlertColor; open: boolean; onClose: () => void };

export function NoticeSnackbar({ message, severity, open, onClose }: NoticeSnackbarProps) {
  return (
    <Snackbar
      open={open}
      // Errors stay until dismissed: they may need reading twice.
      autoHideDuration={severity === 'error' ? null : 4000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        onClose={onClose}
        severity={severity}
        variant="filled"
        role={severity === 'error' ? 'alert' : 'status'}
        sx={{ width: '100%', whiteSpace: 'pre-line' }}
        data-testid="resource-notice"
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
