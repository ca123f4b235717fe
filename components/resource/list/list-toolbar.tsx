'use client';
// The search box and filters above a list. The box answers every key at once; the list (and the
// address) follow when typing pauses.
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { type ListFilter, type ListState, type ScreenConfig, resolveSource } from '@/lib/resource-ui';
import { useShellIfAny } from '@/components/shell/ShellContext';
import { useRemoteOptions } from '../use-options';
import { useT } from '../use-t';
import type { ListStateChange } from './use-list-state';

const SEARCH_DELAY_MS = 300;

type ListToolbarProps = {
  config: Pick<ScreenConfig, 'searchable' | 'statusFilter' | 'filters'>;
  state: ListState;
  change: (change: ListStateChange) => void;
};

export function ListToolbar({ config, state, change }: ListToolbarProps) {
  const t = useT();
  const [searchText, setSearchText] = useState(state.search);
  // The search may change from outside (a link, Back): the box follows, unless it already says the
  // same thing (the user's own typing, trailing space included).
  const [followedSearch, setFollowedSearch] = useState(state.search);
  if (state.search !== followedSearch) {
    setFollowedSearch(state.search);
    if (state.search.trim() !== searchText.trim()) setSearchText(state.search);
  }

  useEffect(() => {
    if (searchText.trim() === state.search.trim()) return;
    const timer = setTimeout(() => change({ search: searchText, page: 0 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, state.search, change]);

  const activeFilters = (state.search ? 1 : 0) + (state.status !== 'all' ? 1 : 0) + Object.keys(state.filters).length;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 1.5, alignItems: { md: 'center' } }} role="search" aria-label={t('resource.filters')}>
      {config.searchable && (
        <TextField
          type="search"
          size="small"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('resource.search_placeholder')}
          sx={{ flexGrow: 1, maxWidth: { md: 420 } }}
          data-testid="resource-search"
          slotProps={{
            htmlInput: { 'aria-label': t('resource.search'), maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {config.statusFilter !== false && (
        <TextField
          select
          size="small"
          label={t('resource.filter_status')}
          value={state.status}
          onChange={(event) => change({ status: event.target.value as ListState['status'], page: 0 })}
          sx={{ minWidth: 160 }}
          data-testid="resource-status-filter"
        >
          <MenuItem value="all">{t('resource.status_all')}</MenuItem>
          <MenuItem value="true">{t('resource.status_active_plural')}</MenuItem>
          <MenuItem value="false">{t('resource.status_inactive_plural')}</MenuItem>
        </TextField>
      )}
      {config.filters.map((filter) => (
        <ListFilterSelect
          key={filter.param}
          filter={filter}
          value={state.filters[filter.param] ?? ''}
          filters={state.filters}
          onChange={(value) =>
            change((current) => {
              const filters = { ...current.filters };
              if (value) filters[filter.param] = value;
              else delete filters[filter.param];
              return { filters, page: 0 };
            })
          }
        />
      ))}
      <Box sx={{ flexGrow: 1, display: { xs: 'none', md: 'block' } }} />
      {activeFilters > 0 && (
        <Button
          size="small"
          onClick={() => {
            setSearchText('');
            change({ search: '', status: 'all', filters: {}, page: 0 });
          }}
        >
          {t('resource.clear_filters')}
        </Button>
      )}
    </Stack>
  );
}

/** One list filter: yes/no, fixed choices, or the records of another resource (careers, periods...). */
function ListFilterSelect({ filter, value, filters, onChange }: { filter: ListFilter; value: string; filters: Record<string, string>; onChange: (value: string) => void }) {
  const t = useT();
  const shell = useShellIfAny();
  // Groups and partials are offered in the list's own period when it has one chosen, else the top bar's.
  const source = resolveSource(filter.optionsFrom, filters, { campus: shell?.campus?.id, cicle: filters.cicle_id || shell?.cicle?.id });
  const remote = useRemoteOptions(source ?? undefined);
  const options =
    filter.type === 'boolean'
      ? [
          { value: 'true', label: t('resource.yes') },
          { value: 'false', label: t('resource.no') },
        ]
      : filter.optionsFrom
        ? remote.options.map((option) => ({ value: String(option.id), label: option.detail ? `${option.label} (${option.detail})` : option.label }))
        : (filter.options ?? []).map((option) => ({ value: String(option.value), label: t(option.labelKey) }));
  // Until remote choices arrive, a value from the address would make MUI warn and show blank.
  const known = value === '' || options.some((option) => option.value === value);
  return (
    <TextField
      select
      size="small"
      label={t(filter.labelKey)}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 160, maxWidth: 280 }}
      data-testid={`resource-filter-${filter.param}`}
    >
      <MenuItem value="">{t('resource.status_all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
