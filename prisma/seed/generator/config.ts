// The two data set sizes. Numbers are targets for the generator's structure: cohorts of students
// move through their career one grade per period in groups of a fixed letter, so groups, scores and
// charges follow from these counts.

export type Size = 'demo' | 'large';

export type SizeConfig = {
  campuses: { code: string; name: string; careers: string[] }[];
  /**
   * Parallel groups (letters) of each cohort, newest first: index 0 entered this period, index 1
   * one year earlier, and so on.
   */
  lettersByAge: number[];
  /** mean and spread of the students in a group */
  groupSize: [number, number];
  teachers: number;
  /** aspirants still in admission (PRE..PAY), per career */
  openAspirantsPerCareer: number;
  schoolOrigins: number;
  companies: number;
  /** share of current students answering the open teacher evaluation */
  evaluationShare: number;
};

const NORTE = { code: 'NTE', name: 'Campus Norte' };
const SUR = { code: 'SUR', name: 'Campus Sur' };
const ORIENTE = { code: 'ORI', name: 'Campus Oriente' };

export const SIZES: Record<Size, SizeConfig> = {
  demo: {
    campuses: [
      { ...NORTE, careers: ['ISC', 'LAE', 'LCP'] },
      { ...SUR, careers: ['LDE', 'LPS', 'ARQ'] },
    ],
    lettersByAge: [2, 1, 1, 1, 1, 1],
    groupSize: [14, 3],
    teachers: 40,
    openAspirantsPerCareer: 6,
    schoolOrigins: 30,
    companies: 40,
    evaluationShare: 0.3,
  },
  large: {
    campuses: [
      { ...NORTE, careers: ['ISC', 'LAE', 'LCP', 'IIN', 'LMK', 'IME', 'LNI', 'LDG', 'LTU', 'LGA'] },
      { ...SUR, careers: ['LDE', 'LPS', 'ARQ', 'LCC', 'LEN', 'LNU', 'LPE', 'ICI', 'LRI', 'LCR'] },
      { ...ORIENTE, careers: ['IGE', 'ITI', 'LFT', 'CDE', 'IQU', 'LAF', 'LEC', 'LTS', 'ILO', 'LCF'] },
    ],
    lettersByAge: [6, 5, 4, 4, 3, 2],
    groupSize: [30, 4],
    teachers: 400,
    openAspirantsPerCareer: 50,
    schoolOrigins: 120,
    companies: 180,
    evaluationShare: 0.15,
  },
};

/** The fixed seed of every data set: the same size and day always give the same rows. */
export const SEED = 20_260_817;
