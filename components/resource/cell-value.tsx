'use client';
// How each column type shows its value in the grid: the words come from cell-text.ts, chips and
// status badges are drawn here.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { statusKey } from '@/lib/format';
import { type ApiRecord, type ListColumn, referenceText, stateOf } from '@/lib/resource-ui';
import { cellText, cellValue, chipTexts } from './cell-text';
import type { LooseTranslate } from './use-t';

const MAX_CHIPS = 3;

function Chips({ items, chipField }: { items: unknown; chipField: string }) {
  const list = chipTexts(items, chipField);
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
    ...(column.width ? { width: column.width } : { flex: column.flex ?? 1, minWidth: column.minWidth ?? 120 }),
    valueGetter: (_value, row) => cellValue(column, row),
    valueFormatter: (value: unknown) => cellText(column, value, t),
    // A long text cut by the column's width reads whole on hover.
    renderCell: (params) => {
      const text = String(params.formattedValue ?? '');
      return (
        <span title={text.length > 18 ? text : undefined} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}>
          {text}
        </span>
      );
    },
  };
  switch (column.type) {
    case 'number':
    case 'money':
      return { ...base, renderCell: undefined, align: 'right', headerAlign: 'right' };
    case 'state':
      return {
        ...base,
        sortable: false,
        renderCell: (params) => {
          const state = column.state ? stateOf(column.state, params.row) : null;
          return state ? <Chip label={t(state.key)} size="small" color={state.color} variant={state.color === 'default' ? 'outlined' : 'filled'} /> : null;
        },
      };
    case 'reference':
      return {
        ...base,
        renderCell: (params) => {
          const { label, detail } = column.reference ? referenceText(params.value as Record<string, unknown> | null, column.reference) : { label: '', detail: '' };
          const code = detail.startsWith('#') ? '' : detail;
          return (
            <span title={code ? `${label} · ${code}` : label} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}>
              {label}
              {code && <span style={{ opacity: 0.65 }}>{` · ${code}`}</span>}
            </span>
          );
        },
      };
    case 'file':
      return { ...base, sortable: false };
    case 'chips':
      return column.joined ? { ...base, sortable: false } : { ...base, renderCell: (params) => <Chips items={params.value} chipField={column.chipField ?? 'name'} /> };
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
      return base;
  }
}
