'use client';
// Every destructive action asks a yes/no question first (spec section 5). "No" has the focus,
// so a reflexive Enter does not destroy anything.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useT } from './use-t';

export type ConfirmDialogProps = {
  open: boolean;
  /** The question, already translated. */
  message: string;
  title?: string;
  /** Red "yes" for actions that remove or disable something. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, message, title, destructive = true, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      data-testid="confirm-dialog"
    >
      <DialogTitle id={titleId}>{title ?? t('resource.confirm_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus data-testid="confirm-no">
          {t('resource.no')}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={busy}
          loading={busy}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          data-testid="confirm-yes"
        >
          {t('resource.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
