'use client';
// One snackbar per screen for "saved", "deleted" and errors that belong to no form.
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { type ReactNode, useCallback, useState } from 'react';

type Notice = { message: string; severity: AlertColor; key: number };

export type Notify = (message: string, severity?: AlertColor) => void;

export function useNotice(): { notify: Notify; node: ReactNode } {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback((message: string, severity: AlertColor = 'success') => {
    setNotice({ message, severity, key: Date.now() });
    setOpen(true);
  }, []);
  const node = (
    <Snackbar
      key={notice?.key}
      open={open}
      // Errors stay until dismissed: they may need reading twice.
      autoHideDuration={notice?.severity === 'error' ? null : 4000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        onClose={() => setOpen(false)}
        severity={notice?.severity ?? 'success'}
        variant="filled"
        role={notice?.severity === 'error' ? 'alert' : 'status'}
        sx={{ width: '100%', whiteSpace: 'pre-line' }}
        data-testid="resource-notice"
      >
        {notice?.message}
      </Alert>
    </Snackbar>
  );
  return { notify, node };
}
