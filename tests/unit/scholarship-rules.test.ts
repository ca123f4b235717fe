// Whether a scholarship may be granted (lib/finance/scholarship-rules.ts): every reason at once.
import { describe, expect, it } from 'vitest';
import { scholarshipProblems } from '@/lib/finance/scholarship-rules';

const open = { status: true, career_id: null, score_min: '8.5' };
const student = { is_active: true, career_id: 3 };

describe('a scholarship for a student', () => {
  it.each([
    [open, student, { alreadyAssigned: false, lastAverage: '8.50' }, []],
    [open, student, { alreadyAssigned: false, lastAverage: '9.1' }, []],
    [open, student, { alreadyAssigned: false, lastAverage: '8.49' }, ['average_below']],
    [open, student, { alreadyAssigned: false, lastAverage: null }, ['no_average']],
    // No minimum: no average needed.
    [{ ...open, score_min: null }, student, { alreadyAssigned: false, lastAverage: null }, []],
    [{ ...open, score_min: '0.00' }, student, { alreadyAssigned: false, lastAverage: null }, []],
    [{ ...open, career_id: 4 }, student, { alreadyAssigned: false, lastAverage: '9' }, ['other_career']],
    [{ ...open, career_id: 3 }, student, { alreadyAssigned: false, lastAverage: '9' }, []],
    [{ ...open, status: false }, { ...student, is_active: false }, { alreadyAssigned: true, lastAverage: '7' }, ['scholarship_inactive', 'student_inactive', 'already_assigned', 'average_below']],
  ] as const)('%o, %o, %o -> %o', (scholarship, who, facts, problems) => {
    expect(scholarshipProblems(scholarship, who, facts)).toEqual(problems);
  });
});
