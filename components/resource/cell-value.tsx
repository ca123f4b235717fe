'use client';
// How each column type shows its value in the grid.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { booleanKey, formatDate, formatDateTime, formatMoney, formatNumber, statusKey } from '@/lib/format';
import { type ApiRecord, type ListColumn, enumKey, readPath, storedFileName } from '@/lib/resource-ui';
import type { LooseTranslate } from './use-t';

const MAX_CHIPS = 3;

function chipText(item: unknown, chipField: string): string {
  if (item && typeof item === 'object') {
    const value = readPath(item, chipField) ?? (item as { name?: unknown }).name ?? (item as { id?: unknown }).id;
    return value === undefined || value === null ? '' : String(value);
  }
  return String(item ?? '');
}

function Chips({ items, chipField }: { items: unknown; chipField: string }) {
  const list = Array.isArray(items) ? items.map((item) => chipText(item, chipField)).filter(Boolean) : [];
  if (list.length === 0) return null;
  const rest = list.slice(MAX_CHIPS);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', overflow: 'hidden' }}>
      {list.slice(0, MAX_CHIPS).map((text, index) => (
        <Chip key={`${text}-${index}`} label={text} size="small" variant="outlined" />
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(', ')}>
          <Chip label={`+${rest.length}`} size="small" />
        </Tooltip>
      )}
    </Stack>
  );
}

export function gridColumn(column: ListColumn, t: LooseTranslate): GridColDef<ApiRecord> {
  const base: GridColDef<ApiRecord> = {
    field: column.field,
    headerName: t(column.headerKey),
    sortable: column.sortable ?? column.type !== 'chips',
    ...(column.width ? { width: column.width } : { flex: column.flex ?? 1, minWidth: 120 }),
    valueGetter: (_value, row) => readPath(row, column.field),
  };
  switch (column.type) {
    case 'number':
      return { ...base, align: 'right', headerAlign: 'right', valueFormatter: (value: unknown) => formatNumber(value as string | number | null) };
    case 'money':
      return { ...base, align: 'right', headerAlign: 'right', valueFormatter: (value: unknown) => formatMoney(value as string | number | null) };
    case 'date':
      return { ...base, valueFormatter: (value: unknown) => formatDate(value as string | null) };
    case 'datetime':
      return { ...base, valueFormatter: (value: unknown) => formatDateTime(value as string | null) };
    case 'file':
      return { ...base, sortable: false, valueFormatter: (value: unknown) => storedFileName(value) ?? '' };
    case 'enum':
      return { ...base, valueFormatter: (value: unknown) => (value === null || value === undefined ? '' : t(enumKey(column.enumType ?? '', value))) };
    case 'boolean':
      return { ...base, valueFormatter: (value: unknown) => (value === null || value === undefined ? '' : t(booleanKey(value))) };
    case 'chips':
      return { ...base, renderCell: (params) => <Chips items={params.value} chipField={column.chipField ?? 'name'} /> };
    case 'status':
      return {
        ...base,
        ...(column.width ? {} : { width: 120, flex: undefined, minWidth: undefined }),
        renderCell: (params) => {
          const active = params.value === true;
          return (
            <Chip
              label={t(statusKey(params.value))}
              size="small"
              color={active ? 'success' : 'default'}
              variant={active ? 'filled' : 'outlined'}
              data-testid={`status-${params.id}`}
            />
          );
        },
      };
    default:
      return { ...base, valueFormatter: (value: unknown) => (value === null || value === undefined ? '' : String(value)) };
  }
}
