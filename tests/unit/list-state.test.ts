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

describe('the API request of a state', () => {
  it('always names page and size, the screen’s ordering when the user has not sorted, and its fixed parameters', () => {
    const state = parseListState(new URLSearchParams('search=x'), config);
    expect(listApiPath('/academic/api/careers/', state, 'name', { study_plan_id: '7' })).toBe('/academic/api/careers/?study_plan_id=7&page=1&page_size=25&ordering=name&search=x');
  });
});
