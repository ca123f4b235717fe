'use client';
// A document request's state as a chip, coloured by what it asks of someone: pay it (warning),
// issue it (info), download it (success); delivered and cancelled ones are done.
import Chip from '@mui/material/Chip';
import type { DocumentRequestStatus } from '@/lib/documents/request-flow';
import { useT } from '@/components/resource/use-t';

const COLOUR: Record<DocumentRequestStatus, 'warning' | 'info' | 'success' | 'default' | 'error'> = {
  PENDING_PAYMENT: 'warning',
  PAID: 'info',
  ISSUED: 'success',
  DELIVERED: 'default',
  CANCELLED: 'error',
};

export function RequestStatusChip({ status }: { status: DocumentRequestStatus }) {
  const t = useT();
  return <Chip size="small" variant="outlined" color={COLOUR[status]} label={t(`requests.status.${status}`)} data-testid="request-status" data-status={status} />;
}
