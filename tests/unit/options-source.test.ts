import { describe, expect, it } from 'vitest';
import { type OptionsSource, resolveSource } from '@/lib/resource-ui';

const prerequisites: OptionsSource = { base: '/academic/api/subjects/', labelField: 'description', query: { study_plan_id: '{study_plan_id}', status: 'true' } };

describe('choices that depend on another field', () => {
  it.each([
    ['the plan chosen', { study_plan_id: '7' }, { study_plan_id: '7', status: 'true' }],
    ['a numeric value', { study_plan_id: 12 as unknown as string }, { study_plan_id: '12', status: 'true' }],
    ['no plan yet', { study_plan_id: '' }, null],
    ['the field missing', {}, null],
    ['a list value', { study_plan_id: ['1'] }, null],
  ])('%s', (_, values, query) => {
    const resolved = resolveSource(prerequisites, values);
    expect(resolved === null ? null : resolved?.query).toEqual(query);
  });

  it('leaves sources without placeholders as they are', () => {
    const plain: OptionsSource = { base: '/academic/api/careers/', labelField: 'name', query: { status: 'true' } };
    expect(resolveSource(plain, {})).toEqual(plain);
    expect(resolveSource(undefined, {})).toBeUndefined();
  });

  // The new student's group: the top bar's period and campus, the form's career.
  const groups: OptionsSource = { base: '/scheduler/api/groups/', labelField: 'code', query: { cicle_id: '{$cicle}', campus_id: '{$campus}', career_id: '{career_id}', status: 'true' } };
  it.each([
    ['period, campus and career', { career_id: '3' }, { cicle: 9, campus: 2 }, { cicle_id: '9', campus_id: '2', career_id: '3', status: 'true' }],
    ['every campus in the bar: no campus parameter', { career_id: '3' }, { cicle: 9, campus: null }, { cicle_id: '9', career_id: '3', status: 'true' }],
    ['no bar at all', { career_id: '3' }, {}, { career_id: '3', status: 'true' }],
    ['no career yet: nothing to choose', { career_id: '' }, { cicle: 9, campus: 2 }, null],
  ])('top bar placeholders: %s', (_, values, topBar, query) => {
    const resolved = resolveSource(groups, values, topBar);
    expect(resolved === null ? null : resolved?.query).toEqual(query);
  });
});
