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
});
