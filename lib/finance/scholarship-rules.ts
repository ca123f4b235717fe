// Whether a scholarship may be granted to a student for a period (Becas › validate/ and massive/):
// the scholarship is in force, of the student's career (or of every career), not granted to them
// for that period already, and their last period's average reaches its `score_min`. Each failed
// rule is a message key, so the screen can say every reason at once.

export type ScholarshipFacts = { status: boolean; career_id: number | null; score_min: string | null };
export type StudentFacts = { is_active: boolean; career_id: number | null };

export type ScholarshipProblem = 'scholarship_inactive' | 'student_inactive' | 'other_career' | 'already_assigned' | 'no_average' | 'average_below';

/** Decimal texts compared exactly (two decimals at most, as scores are stored). */
function hundredths(text: string): number {
  const [whole, part = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0').slice(0, 2));
}

export function scholarshipProblems(scholarship: ScholarshipFacts, student: StudentFacts, facts: { alreadyAssigned: boolean; lastAverage: string | null }): ScholarshipProblem[] {
  const problems: ScholarshipProblem[] = [];
  if (!scholarship.status) problems.push('scholarship_inactive');
  if (!student.is_active) problems.push('student_inactive');
  if (scholarship.career_id && scholarship.career_id !== student.career_id) problems.push('other_career');
  if (facts.alreadyAssigned) problems.push('already_assigned');
  if (scholarship.score_min !== null && hundredths(scholarship.score_min) > 0) {
    if (facts.lastAverage === null) problems.push('no_average');
    else if (hundredths(facts.lastAverage) < hundredths(scholarship.score_min)) problems.push('average_below');
  }
  return problems;
}
