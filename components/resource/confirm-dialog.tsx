'use client';
// Every destructive action asks a yes/no question first (spec section 5). "No" has the focus,
// so a reflexive Enter does not destroy anything. A deactivation or a cancellation also asks why,
// and does not go on without a reason.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useT } from './use-t';

export type ConfirmDialogProps = {
  open: boolean;
  /** The question, already translated. */
  message: string;
  title?: string;
  /** Red "yes" for actions that remove or disable something. */
  destructive?: boolean;
  busy?: boolean;
  /** Asks for a reason (required) before "yes" goes on. */
  askReason?: boolean;
  onConfirm: (reason?: string) => void;
  onCancel: () => void;
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  // A new question starts with an empty reason.
  return <ConfirmDialogBody key={`${props.open}-${props.message}`} {...props} />;
}

function ConfirmDialogBody({ open, message, title, destructive = true, busy = false, askReason = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (!askReason) return onConfirm();
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };
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
        {askReason && (
          <TextField
            label={t('resource.reason')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
            required
            fullWidth
            multiline
            minRows={2}
            margin="normal"
            error={missing}
            helperText={missing ? t('errors.reason_required') : t('resource.reason_helper')}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'confirm-reason' } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus data-testid="confirm-no">
          {t('resource.no')}
        </Button>
        <Button onClick={confirm} disabled={busy} loading={busy} variant="contained" color={destructive ? 'error' : 'primary'} data-testid="confirm-yes">
          {t('resource.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
