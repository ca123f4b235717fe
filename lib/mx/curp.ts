// CURP (Clave Única de Registro de Población), as RENAPO builds it: 4 letters from the names,
// birth date, sex, birth state, 3 internal consonants, a homonym character and a check digit.
import { type DateParts, dateParts, firstInternalConsonant, firstInternalVowel, isRealDate, keyGivenName, significantWords, yymmdd } from './text';

/** RENAPO's two-letter codes of the birth state; NE is "nacido en el extranjero". */
export const CURP_STATE_CODES = [
  'AS', 'BC', 'BS', 'CC', 'CL', 'CM', 'CS', 'CH', 'DF', 'DG', 'GT', 'GR', 'HG', 'JC', 'MC', 'MN', 'MS',
  'NT', 'NL', 'OC', 'PL', 'QT', 'QR', 'SP', 'SL', 'SR', 'TC', 'TS', 'TL', 'VZ', 'YN', 'ZS', 'NE',
] as const;

const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

const CURP_FORMAT = new RegExp(
  `^[A-Z][AEIOUX][A-Z]{2}\\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])[HMX](${CURP_STATE_CODES.join('|')})[B-DF-HJ-NP-TV-Z]{3}[A-Z\\d]\\d$`,
);

/**
 * Four-letter words RENAPO will not print (Anexo 2 of its instructivo): the second letter
 * becomes X.
 */
const INCONVENIENT_WORDS = new Set(
  (
    'BACA BAKA BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COGI COJA COJE COJI COJO COLA CULO FALO FETO GETA GUEI GUEY JETA JOTO ' +
    'KACA KACO KAGA KAGO KAKA KAKO KOGE KOGI KOJA KOJE KOJI KOJO KOLA KULO LILO LOCA LOCO LOKA LOKO MAME MAMO MEAR MEAS MEON MIAR ' +
    'MION MOCO MOKO MULA MULO NACA NACO PEDA PEDO PENE PIPI PITO POPO PUTA PUTO QULO RATA ROBA ROBE ROBO RUIN SENO TETA VACA VAGA ' +
    'VAGO VAKA VUEI VUEY WUEI WUEY'
  ).split(' '),
);

/** The check digit of the first 17 characters: weights 18..2, (10 − sum mod 10) mod 10. */
export function curpCheckDigit(first17: string): string {
  const text = first17.toUpperCase();
  if (text.length < 17) throw new Error('A CURP check digit needs 17 characters');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = CURP_ALPHABET.indexOf(text[i]);
    if (value < 0) throw new Error(`Character ${text[i]} cannot appear in a CURP`);
    sum += value * (18 - i);
  }
  return String((10 - (sum % 10)) % 10);
}

/** Format (letters, real birth date, sex, state code) and check digit. */
export function isValidCurp(value: string): boolean {
  const curp = value.trim().toUpperCase();
  if (!CURP_FORMAT.test(curp)) return false;
  // The homonym character tells the century: a digit for births up to 1999, a letter from 2000.
  const century = /\d/.test(curp[16]) ? 1900 : 2000;
  if (!isRealDate(century + Number(curp.slice(4, 6)), Number(curp.slice(6, 8)), Number(curp.slice(8, 10)))) return false;
  return curpCheckDigit(curp.slice(0, 17)) === curp[17];
}

export type CurpPerson = {
  names: string;
  /** primer apellido */
  firstSurname: string;
  /** segundo apellido, empty or missing when the person has one surname */
  secondSurname?: string | null;
  birthday: Date | string;
  /** H hombre, M mujer, X no binario */
  sex: 'H' | 'M' | 'X';
  /** RENAPO two-letter code of the birth state (see CURP_STATE_CODES) */
  state: string;
  /** RENAPO assigns it to tell homonyms apart; defaults to 0 (born before 2000) or A. */
  homonym?: string;
};

const letterOrX = (char: string | undefined | null) => (!char || char === 'Ñ' || !/[A-Z]/.test(char) ? 'X' : char);

export function buildCurp(person: CurpPerson): string {
  const first = significantWords(person.firstSurname).join('');
  const second = person.secondSurname ? significantWords(person.secondSurname).join('') : '';
  const name = keyGivenName(person.names);
  if (!first || !name) throw new Error('A CURP needs a first surname and a name');
  const birth: DateParts = dateParts(person.birthday);
  if (!isRealDate(birth.year, birth.month, birth.day)) throw new Error('Birthday is not a real date');
  if (!(CURP_STATE_CODES as readonly string[]).includes(person.state)) throw new Error(`Unknown CURP state code ${person.state}`);

  let initials = letterOrX(first[0]) + (firstInternalVowel(first) ?? 'X') + letterOrX(second[0]) + letterOrX(name[0]);
  if (INCONVENIENT_WORDS.has(initials)) initials = `${initials[0]}X${initials.slice(2)}`;
  const consonants = [first, second, name].map((word) => letterOrX(word ? firstInternalConsonant(word) : null)).join('');
  const homonym = (person.homonym ?? (birth.year < 2000 ? '0' : 'A')).toUpperCase();
  if (birth.year < 2000 ? !/^\d$/.test(homonym) : !/^[A-Z]$/.test(homonym)) throw new Error('The homonym character is a digit before 2000, a letter after');
  const first17 = initials + yymmdd(birth) + person.sex + person.state + consonants + homonym;
  return first17 + curpCheckDigit(first17);
}
