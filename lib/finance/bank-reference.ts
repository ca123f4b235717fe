// Bank deposit references (depósito referenciado) and their check digits (design/domain.md,
// "Money"): the three algorithms Mexican banks publish for referenced deposits. A reference is the
// school's own number (the sale, the student) followed by the check digits the bank verifies at
// the window, so a mistyped reference is refused there instead of paying someone else's debt.

export type ReferenceAlgorithm = 'base10' | 'base97' | 'base97_date_amount';

export const REFERENCE_ALGORITHMS: readonly ReferenceAlgorithm[] = ['base10', 'base97', 'base97_date_amount'];

function digitsOf(text: string): number[] {
  if (!/^\d+$/.test(text)) throw new Error(`A reference is made of digits: "${text}"`);
  return [...text].map(Number);
}

/** Base 10: weights 2, 1, 2, 1... from the right; the digits of each product are added. */
export function base10CheckDigit(reference: string): string {
  let sum = 0;
  digitsOf(reference)
    .reverse()
    .forEach((digit, index) => {
      const product = digit * (index % 2 === 0 ? 2 : 1);
      sum += product >= 10 ? Math.floor(product / 10) + (product % 10) : product;
    });
  return String((10 - (sum % 10)) % 10);
}

const BASE97_WEIGHTS = [11, 13, 17, 19, 23];

/** The base 97 weighted sum: weights 11, 13, 17, 19, 23 cycling from the right. */
export function base97WeightedSum(reference: string): number {
  return digitsOf(reference)
    .reverse()
    .reduce((sum, digit, index) => sum + digit * BASE97_WEIGHTS[index % BASE97_WEIGHTS.length], 0);
}

/** Base 97: the weighted sum mod 97, plus one, as two digits. */
export function base97CheckDigits(reference: string): string {
  return String((base97WeightedSum(reference) % 97) + 1).padStart(2, '0');
}

/**
 * The due date in four digits: (year - base year) * 372 + (month - 1) * 31 + (day - 1). With the
 * published base year 1988 the four digits ran out on 14/11/2014; later variants move the base.
 */
export function condensedDate(isoDate: string, baseYear: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`A due date is YYYY-MM-DD: "${isoDate}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = (year - baseYear) * 372 + (month - 1) * 31 + (day - 1);
  if (value < 0 || value > 9999) throw new Error(`The due date ${isoDate} does not fit four digits from the base year ${baseYear}`);
  return String(value).padStart(4, '0');
}

/** The amount in one digit: its cents weighted 7, 3, 1 from the right, summed, mod 10. */
export function condensedAmount(amount: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`An amount is pesos with up to two decimals: "${amount}"`);
  const cents = match[1] + (match[2] ?? '').padEnd(2, '0');
  const weights = [7, 3, 1];
  const sum = digitsOf(cents)
    .reverse()
    .reduce((total, digit, index) => total + digit * weights[index % 3], 0);
  return String(sum % 10);
}

export type ReferenceInput = {
  /** The school's own digits (the sale's or the student's number). */
  base: string;
  algorithm: ReferenceAlgorithm;
  /** For base97_date_amount: the due date (YYYY-MM-DD), the amount and the base year. */
  dueDate?: string;
  amount?: string;
  baseYear?: number;
};

/** The full reference: the school's digits with what the algorithm adds to them. */
export function bankReference(input: ReferenceInput): string {
  const { base } = input;
  digitsOf(base);
  switch (input.algorithm) {
    case 'base10':
      return base + base10CheckDigit(base);
    case 'base97':
      return base + base97CheckDigits(base);
    case 'base97_date_amount': {
      if (!input.dueDate || input.amount === undefined) throw new Error('This algorithm needs the due date and the amount');
      // The constant 2 closes the reference before its check digits.
      const body = base + condensedDate(input.dueDate, input.baseYear ?? 1988) + condensedAmount(input.amount) + '2';
      return body + base97CheckDigits(body);
    }
  }
}

/**
 * Whether a full reference carries the right check digits (a reference read from a bank statement,
 * or typed at the window). For base97_date_amount the amount and due date must match too.
 */
export function isValidReference(reference: string, input: Omit<ReferenceInput, 'base'>): boolean {
  if (!/^\d+$/.test(reference)) return false;
  const tail = input.algorithm === 'base10' ? 1 : input.algorithm === 'base97' ? 2 : 8;
  if (reference.length <= tail) return false;
  try {
    return bankReference({ ...input, base: reference.slice(0, reference.length - tail) }) === reference;
  } catch {
    return false;
  }
}
