'use client';
// One snackbar per screen for "saved", "deleted" and errors that belong to no form. The snackbar
// itself loads with the first notice (notice-snackbar.tsx).
import type { AlertColor } from '@mui/material/Alert';
import dynamic from 'next/dynamic';
import { type ReactNode, useCallback, useState } from 'react';

const NoticeSnackbar = dynamic(() => import('./notice-snackbar').then((module) => module.NoticeSnackbar), { ssr: false });

type Notice = { message: string; severity: AlertColor; key: number };

export type Notify = (message: string, severity?: AlertColor) => void;

export function useNotice(): { notify: Notify; node: ReactNode } {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback((message: string, severity: AlertColor = 'success') => {
    setNotice({ message, severity, key: Date.now() });
    setOpen(true);
  }, []);
  const node = notice && <NoticeSnackbar key={notice.key} message={notice.message} severity={notice.severity} open={open} onClose={() => setOpen(false)} />;
  return { notify, node };
}
