// A list's state <-> its address <-> its API request: the browser reads the address with
// useSearchParams (URLSearchParams), the server page reads the same address as a record of search
// params, and both must arrive at the same request path (the server's first page is used only
// when they do).
import { describe, expect, it } from 'vitest';
import { type ListFilter, type ListState, listApiPath, listStateToUrlQuery, parseListState } from '@/lib/resource-ui';

const filters: ListFilter[] = [
  { param: 'campus_id', labelKey: 'fields.campus_id', type: 'select' },
  { param: 'is_staff', labelKey: 'fields.is_staff', type: 'boolean' },
];
const config = { filters };

describe('the state an address describes', () => {
  it('starts from the defaults', () => {
    expect(parseListState(new URLSearchParams(''), config)).toEqual({ page: 0, pageSize: 25, search: '', ordering: '', status: 'all', filters: {} });
  });

  it('reads page, size, sort, search, status and the screen’s own filters', () => {
    const state = parseListState(new URLSearchParams('page=3&page_size=50&ordering=-name&search=ing&status=false&campus_id=2&other=1'), config);
    expect(state).toEqual({ page: 2, pageSize: 50, search: 'ing', ordering: '-name', status: 'false', filters: { campus_id: '2' } });
  });

  it('falls back to the defaults for values it cannot use', () => {
    const state = parseListState(new URLSearchParams('page=-4&page_size=33&ordering=name;drop&status=maybe'), config);
    expect(state).toMatchObject({ page: 0, pageSize: 25, ordering: '', status: 'all' });
  });

  it('reads the server page’s search params as the browser reads the address', () => {
    const address = 'page=2&search=contabilidad&campus_id=1&is_staff=true';
    const server = parseListState({ page: '2', search: 'contabilidad', campus_id: ['1', '9'], is_staff: 'true' }, config);
    expect(server).toEqual(parseListState(new URLSearchParams(address), config));
    expect(listApiPath('/academic/api/careers/', server, 'name')).toBe(listApiPath('/academic/api/careers/', parseListState(new URLSearchParams(address), config), 'name'));
  });
});

describe('the address of a state', () => {
  it('names only what differs from the defaults', () => {
    expect(listStateToUrlQuery(parseListState(new URLSearchParams(''), config))).toBe('');
    const state: ListState = { page: 1, pageSize: 25, search: ' ing ', ordering: 'code', status: 'true', filters: { campus_id: '3' } };
    expect(listStateToUrlQuery(state)).toBe('page=2&ordering=code&search=ing&status=true&campus_id=3');
  });

  it('comes back as the same state', () => {
    const state: ListState = { page: 4, pageSize: 100, search: 'ana', ordering: '-id', status: 'false', filters: { is_staff: 'false' } };
    expect(parseListState(new URLSearchParams(listStateToUrlQuery(state)), config)).toEqual(state);
  });
});

describe('a filter that starts on a value (the top bar’s period)', () => {
  const period: ListFilter = { param: 'cicle_id', labelKey: 'fields.cicle_id', type: 'select', initial: '7' };
  const withPeriod = { filters: [...filters, period] };
  const cases: { address: string; filters: Record<string, string>; api: string; back: string }[] = [
    // No word in the address: the top bar's period, and the address stays clean.
    { address: '', filters: { cicle_id: '7' }, api: 'cicle_id=7', back: '' },
    // Another period chosen in the list.
    { address: 'cicle_id=3', filters: { cicle_id: '3' }, api: 'cicle_id=3', back: 'cicle_id=3' },
    // "All periods": the address says so with an empty value, and the API gets no period.
    { address: 'cicle_id=', filters: { cicle_id: '' }, api: '', back: 'cicle_id=' },
    // The top bar's own period named in the address reads the same as no word.
    { address: 'cicle_id=7&campus_id=2', filters: { cicle_id: '7', campus_id: '2' }, api: 'campus_id=2&cicle_id=7', back: 'campus_id=2' },
  ];
  it.each(cases)('"$address" is the period $filters.cicle_id', ({ address, filters: expected, api, back }) => {
    const state = parseListState(new URLSearchParams(address), withPeriod);
    expect(state.filters).toEqual(expected);
    const request = new URL(listApiPath('/academic/api/partials/', state, 'id'), 'http://x').searchParams;
    const named = [...request].filter(([key]) => key === 'cicle_id' || key === 'campus_id').map(([key, value]) => `${key}=${value}`).join('&');
    expect(named).toBe(api);
    expect(listStateToUrlQuery(state, withPeriod)).toBe(back);
    // The server page reads the same address as a record.
    expect(parseListState(Object.fromEntries(new URLSearchParams(address)), withPeriod)).toEqual(state);
  });

  it('a cleared filter (the toolbar drops the key) is written as "all"', () => {
    const state = parseListState(new URLSearchParams(''), withPeriod);
    const cleared: ListState = { ...state, filters: {} };
    expect(listStateToUrlQuery(cleared, withPeriod)).toBe('cicle_id=');
    expect(parseListState(new URLSearchParams(listStateToUrlQuery(cleared, withPeriod)), withPeriod).filters).toEqual({ cicle_id: '' });
  });
});

describe('the API request of a state', () => {
  it('always names page and size, the screen’s ordering when the user has not sorted, and its fixed parameters', () => {
    const state = parseListState(new URLSearchParams('search=x'), config);
    expect(listApiPath('/academic/api/careers/', state, 'name', { study_plan_id: '7' })).toBe('/academic/api/careers/?study_plan_id=7&page=1&page_size=25&ordering=name&search=x');
  });
});
