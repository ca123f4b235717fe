// The data set sizes (demo, large, and huge: 25 times large, a state university system). Numbers are targets for the generator's structure: cohorts of students
// move through their career one grade per period in groups of a fixed letter, so groups, scores and
// charges follow from these counts.

export type Size = 'demo' | 'large' | 'huge';

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

export const SIZES: Record<Exclude<Size, 'huge'>, SizeConfig> = {
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

/** The campuses of a huge data set: the large set's three and regional ones. */
const HUGE_CAMPUSES = [
  NORTE, SUR, ORIENTE,
  { code: 'PON', name: 'Campus Poniente' }, { code: 'CEN', name: 'Campus Centro' }, { code: 'ZAP', name: 'Campus Zapopan' },
  { code: 'TLQ', name: 'Campus Tlaquepaque' }, { code: 'TON', name: 'Campus Tonalá' }, { code: 'TLJ', name: 'Campus Tlajomulco' },
  { code: 'PVR', name: 'Campus Puerto Vallarta' }, { code: 'LAG', name: 'Campus Lagos de Moreno' }, { code: 'OCO', name: 'Campus Ocotlán' },
  { code: 'CGU', name: 'Campus Ciudad Guzmán' }, { code: 'TEP', name: 'Campus Tepatitlán' }, { code: 'AUT', name: 'Campus Autlán' },
];

/**
 * The huge data set: 15 campuses of 20 careers each (ten times large's careers, the large set's
 * thirty offered again in several campuses, as a state system does) with two and a half times the
 * groups per cohort: 25 times large, about 500,000 students. `factor` (0 to 1) shrinks it evenly,
 * in campuses and in groups per cohort, to try the generator at a small size.
 */
export function hugeSize(factor = 1): SizeConfig {
  if (!(factor > 0 && factor <= 1)) throw new Error(`The huge data set's scale factor is between 0 and 1 (not ${factor})`);
  const careers = SIZES.large.campuses.flatMap((campus) => campus.careers);
  const campusCount = Math.max(1, Math.round(HUGE_CAMPUSES.length * Math.sqrt(factor)));
  const shrink = Math.sqrt(factor);
  return {
    campuses: HUGE_CAMPUSES.slice(0, campusCount).map((campus, index) => ({
      ...campus,
      // Twenty careers each, from a different starting point: every career is offered in ten campuses.
      careers: Array.from({ length: 20 }, (_, n) => careers[(index * 10 + n) % careers.length]),
    })),
    lettersByAge: [15, 12, 10, 10, 8, 5].map((letters) => Math.max(1, Math.round(letters * shrink))),
    groupSize: [30, 4],
    teachers: Math.max(40, Math.round(10_000 * factor)),
    openAspirantsPerCareer: 50,
    schoolOrigins: Math.max(120, Math.round(600 * factor)),
    companies: Math.max(180, Math.round(900 * factor)),
    evaluationShare: 0.15,
  };
}

/** The configuration of a size (`factor` shrinks only the huge one). */
export function sizeConfig(size: Size, factor = 1): SizeConfig {
  return size === 'huge' ? hugeSize(factor) : SIZES[size];
}

/** The fixed seed of every data set: the same size and day always give the same rows. */
export const SEED = 20_260_817;
