'use client';
// The student's invoices in the portal (their home): each stamped invoice of their sales with its
// PDF and XML to download; the server hands a student only their own.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useT } from '@/components/resource/use-t';
import { actionUrl } from '@/lib/api/actions';
import { useResourceRows } from '@/lib/api/resources';
import { PhoneCard, PhoneCards, usePhone } from '@/components/resource/phone-cards';
import { invoicePdf, invoiceXml } from '@/lib/contracts/invoices';
import { formatDate, formatMoney } from '@/lib/format';


export function StudentInvoices() {
  const t = useT();
  const rows = useResourceRows('invoices', { no_paginate: 'true', ordering: '-expedition_date' }).data;
  const phone = usePhone();
  if (!rows) return null;
  const downloads = (row: (typeof rows)[number]) =>
    row.uuid ? (
      <>
        <Button size="small" startIcon={<DownloadOutlined />} href={actionUrl(invoicePdf, { params: { id: row.id } })}>
          PDF
        </Button>
        <Button size="small" startIcon={<DownloadOutlined />} href={actionUrl(invoiceXml, { params: { id: row.id } })}>
          XML
        </Button>
      </>
    ) : null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="student-invoices">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('invoicing.student.title')}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('invoicing.student.empty')}</Typography>
      ) : phone ? (
        <PhoneCards>
          {rows.map((row) => (
            <PhoneCard
              key={row.id}
              title={`${t('invoicing.student.folio')} ${row.serie ?? ''}${row.folio ?? ''}`}
              amount={formatMoney(row.total)}
              state={<Chip size="small" label={t(`enums.InvoiceStatus.${row.status}`)} />}
              details={[{ label: t('invoicing.student.date'), value: formatDate(row.expedition_date) }]}
              actions={downloads(row)}
            />
          ))}
        </PhoneCards>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('invoicing.student.folio')}</TableCell>
                <TableCell>{t('invoicing.student.date')}</TableCell>
                <TableCell align="right">{t('invoicing.student.total')}</TableCell>
                <TableCell>{t('invoicing.student.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{`${row.serie ?? ''}${row.folio ?? ''}`}</TableCell>
                  <TableCell>{formatDate(row.expedition_date)}</TableCell>
                  <TableCell align="right">{formatMoney(row.total)}</TableCell>
                  <TableCell>
                    <Chip size="small" label={t(`enums.InvoiceStatus.${row.status}`)} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {downloads(row)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
