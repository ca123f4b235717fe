'use client';
// "Cobrar" at the counter: how the money comes in (cash, card, transfer, cheque: the payment-method
// catalogue), for cash what the payer hands over and the change to give back, for a card or a
// transfer the authorization number, and the payment taken for the amount the cashier chose (less
// than the debt leaves the rest owed). The rules are the server's (lib/finance/payment-method.ts):
// the dialog asks them first and shows the server's answer on its fields when it refuses.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { api, formatErrors } from '@/lib/api-client';
import { KEEP_WHILE_EDITING, useApiQuery } from '@/lib/api-query';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { COUNTER_METHOD_KINDS, type MethodKind, changeDue, methodKind, needsAuthorization, paymentProblems } from '@/lib/finance/payment-method';
import { formatMoney } from '@/lib/format';
import { useT } from '@/components/resource/use-t';

/** Catalogue 8: how a payment is received. */
const PAYMENT_METHODS = { clas_id: '8', status: 'true', no_paginate: 'true' };

type MethodEntry = { id: number; code: string | null; name: string };

/** A fresh key per payment attempt: a retry of the same click is written once by the server. */
function attemptKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export type ChargeDialogProps = { open: boolean; saleId: string; amount: string; onClose: () => void; onPaid: (amount: string, method: string) => void };

export function ChargeDialog(props: ChargeDialogProps) {
  // Each opening starts from an empty form.
  return props.open ? <ChargeForm {...props} /> : null;
}

function ChargeForm({ saleId, amount, onClose, onPaid }: ChargeDialogProps) {
  const t = useT();
  const titleId = useId();
  const catalogue = useApiQuery<MethodEntry[]>(RESOURCE_BASES.catalogs, { query: PAYMENT_METHODS, ...KEEP_WHILE_EDITING });
  // The counter's four ways, each once (the first card entry stands for cards).
  const methods = useMemo(() => {
    const entries = catalogue.data ?? [];
    return COUNTER_METHOD_KINDS.flatMap((kind) => entries.filter((entry) => methodKind(entry.code) === kind).slice(0, 1).map((entry) => ({ ...entry, kind })));
  }, [catalogue.data]);
  const [methodId, setMethodId] = useState('');
  const [received, setReceived] = useState('');
  const [authorization, setAuthorization] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const method = methods.find((entry) => String(entry.id) === methodId) ?? null;
  const kind: MethodKind | null = method?.kind ?? null;
  const change = kind === 'cash' && received ? changeDue(amount, received) : null;

  const confirm = async () => {
    setProblem(null);
    if (!method || !kind) return setErrors({ method_id: t('finance.charge.method_required') });
    const found = paymentProblems({ kind, amount, received: kind === 'cash' ? received : null, authorization_code: authorization });
    if (found.length > 0) return setErrors(Object.fromEntries(found.map((item) => [item.field, t(item.key, { amount: formatMoney(amount).replace('$', '') })])));
    setErrors({});
    setBusy(true);
    const body = { sale_id: Number(saleId), amount, method_id: method.id, ...(kind === 'cash' && received ? { received } : {}), ...(authorization.trim() ? { authorization_code: authorization.trim() } : {}) };
    const result = await api.post(RESOURCE_BASES.payments, { body, headers: { 'Idempotency-Key': attemptKey() } });
    setBusy(false);
    if (!result.ok) {
      const data = result.data as Record<string, unknown> | null;
      const fieldErrors = Object.fromEntries(['method_id', 'received', 'authorization_code'].flatMap((field) => (Array.isArray(data?.[field]) ? [[field, String((data[field] as unknown[])[0])]] : [])));
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setProblem(formatErrors(result.data).join('\n') || t('resource.save_error'));
      return;
    }
    onPaid(amount, method.name);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="charge-dialog">
      <DialogTitle id={titleId}>{t('finance.charge.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography data-testid="charge-amount">{t('finance.charge.amount', { amount: formatMoney(amount) })}</Typography>
          <TextField
            select
            size="small"
            label={t('finance.charge.method')}
            value={methodId}
            onChange={(event) => {
              setMethodId(event.target.value);
              setErrors({});
            }}
            error={Boolean(errors.method_id)}
            helperText={errors.method_id}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'charge-method' } }}
          >
            <option value="">{t('finance.charge.choose_method')}</option>
            {methods.map((entry) => (
              <option key={entry.id} value={entry.id} data-kind={entry.kind}>
                {t(`finance.charge.kinds.${entry.kind}`)}
              </option>
            ))}
          </TextField>
          {kind === 'cash' && (
            <>
              <TextField
                size="small"
                label={t('finance.charge.received')}
                value={received}
                placeholder={amount}
                onChange={(event) => setReceived(event.target.value)}
                error={Boolean(errors.received)}
                helperText={errors.received}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'charge-received' } }}
              />
              <Typography data-testid="charge-change">{t('finance.charge.change', { change: formatMoney(change ?? '0.00') })}</Typography>
            </>
          )}
          {kind && kind !== 'cash' && (
            <TextField
              size="small"
              required={needsAuthorization(kind)}
              label={kind === 'cheque' ? t('finance.charge.cheque_number') : t('finance.charge.authorization')}
              value={authorization}
              onChange={(event) => setAuthorization(event.target.value)}
              error={Boolean(errors.authorization_code)}
              helperText={errors.authorization_code}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'charge-authorization' } }}
            />
          )}
          {problem && (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="charge-problem">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('finance.charge.back')}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy || !catalogue.data} data-testid="charge-confirm">
          {t('finance.charge.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
