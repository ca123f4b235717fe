// RFC (Registro Federal de Contribuyentes): 13 characters for a person, 12 for a company. The
// first letters come from the name, then the birth or incorporation date, a two-character
// homoclave SAT derives from the full name, and a check digit (Anexo 3 of SAT's algorithm).
import { type DateParts, dateParts, firstInternalVowel, isRealDate, keyGivenName, normalizeName, significantWords, yymmdd } from './text';

const RFC_FORMAT = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/;

/** Values of SAT's check-digit table: 0-9, A-N 10-23, & 24, O-Z 25-36, space 37, Ñ 38. */
const CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/**
 * Check digit of the first 11 (company) or 12 (person) characters. A company RFC is padded with
 * a leading space so both weigh 13..2.
 */
export function rfcCheckDigit(base: string): string {
  const text = base.toUpperCase();
  if (text.length !== 11 && text.length !== 12) throw new Error('An RFC check digit needs 11 or 12 characters');
  const padded = text.length === 11 ? ` ${text}` : text;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) {
    const value = CHECK_ALPHABET.indexOf(padded[i]);
    if (value < 0) throw new Error(`Character ${padded[i]} cannot appear in an RFC`);
    sum += value * (13 - i);
  }
  const remainder = sum % 11;
  if (remainder === 0) return '0';
  return 11 - remainder === 10 ? 'A' : String(11 - remainder);
}

export type RfcCheck = {
  /** format and a real date: the only hard rule */
  valid: boolean;
  kind: 'person' | 'company' | null;
  /** the check digit does not match: only a warning, since many RFCs SAT issued fail it */
  checkDigitMismatch: boolean;
};

export function checkRfc(value: string): RfcCheck {
  const rfc = value.trim().toUpperCase();
  const match = RFC_FORMAT.exec(rfc);
  if (!match || !isRealDate(Number(match[2]), Number(match[3]), Number(match[4]))) return { valid: false, kind: null, checkDigitMismatch: false };
  const kind = match[1].length === 4 ? 'person' : 'company';
  return { valid: true, kind, checkDigitMismatch: rfcCheckDigit(rfc.slice(0, -1)) !== rfc.slice(-1) };
}

/** Format and a real date; a wrong check digit does not make an RFC invalid (see checkRfc). */
export function isValidRfc(value: string): boolean {
  return checkRfc(value).valid;
}

/** Two-digit codes of the homoclave algorithm (space 00, & 10, A-I 11-19, J-R 21-29, S-Z 32-39, Ñ 40). */
function homoclaveCode(char: string): string {
  if (char === ' ') return '00';
  if (/\d/.test(char)) return `0${char}`;
  if (char === '&') return '10';
  if (char === 'Ñ') return '40';
  const index = char.charCodeAt(0) - 65;
  if (index < 0 || index > 25) return '00';
  if (index <= 8) return String(11 + index);
  if (index <= 17) return String(21 + index - 9);
  return String(32 + index - 18);
}

const HOMOCLAVE_DIGITS = '123456789ABCDEFGHIJKLMNPQRSTUVWXYZ';

/** SAT's homoclave from the full name ("PATERNO MATERNO NOMBRES") or the company's legal name. */
export function rfcHomoclave(fullName: string): string {
  const digits = `0${[...normalizeName(fullName)].map(homoclaveCode).join('')}`;
  let sum = 0;
  for (let i = 0; i < digits.length - 1; i += 1) sum += Number(digits.slice(i, i + 2)) * Number(digits[i + 1]);
  const lastThree = sum % 1000;
  return HOMOCLAVE_DIGITS[Math.floor(lastThree / 34)] + HOMOCLAVE_DIGITS[lastThree % 34];
}

/** Words SAT will not print as the first four letters of a person's RFC: the last letter becomes X. */
const INCONVENIENT_WORDS = new Set(
  (
    'BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COJA COJE COJI COJO CULO FETO GUEY JOTO KACA KACO KAGA KAGO KAKA KOGE KOJO KULO ' +
    'MAME MAMO MEAR MEAS MEON MION MOCO MULA PEDA PEDO PENE PUTA PUTO QULO RATA RUIN'
  ).split(' '),
);

export type RfcPerson = { names: string; firstSurname: string; secondSurname?: string | null; birthday: Date | string };
export type RfcCompany = { legalName: string; incorporated: Date | string };

function personLetters(person: RfcPerson): string {
  const first = significantWords(person.firstSurname).join('');
  const second = person.secondSurname ? significantWords(person.secondSurname).join('') : '';
  const name = keyGivenName(person.names);
  if (!first || !name) throw new Error('An RFC needs a surname and a name');
  let letters: string;
  if (!second) letters = first.slice(0, 2) + name.slice(0, 2);
  else if (first.length <= 2) letters = first[0] + second[0] + name.slice(0, 2);
  else letters = first[0] + (firstInternalVowel(first) ?? 'X') + second[0] + name[0];
  letters = letters.padEnd(4, 'X');
  return INCONVENIENT_WORDS.has(letters) ? `${letters.slice(0, 3)}X` : letters;
}

/** Legal-form abbreviations at the end of a company name (S.A. de C.V., S. de R.L., A.C., ...). */
const LEGAL_FORM = /\s*,?\s*(S\.?\s?A\.?\s?P\.?\s?I\.?\s?DE\s?C\.?\s?V\.?|S\.?\s?A\.?\s?B\.?\s?DE\s?C\.?\s?V\.?|S\.?\s?A\.?\s?DE\s?C\.?\s?V\.?|S\.?\s?DE\s?R\.?\s?L\.?(\s?DE\s?C\.?\s?V\.?)?|S\.?\s?EN\s?C\.?(\s?POR\s?A\.?)?|S\.?\s?EN\s?N\.?\s?C\.?|S\.?\s?C\.?\s?[LSP]\.?|S\.?\s?[AC]\.?|A\.?\s?C\.?|I\.?\s?A\.?\s?P\.?|A\.?\s?B\.?\s?P\.?)\s*$/i;

const COMPANY_SKIPPED_WORDS = new Set(
  (
    'A ANTE BAJO CABE CON CONTRA DE DESDE DURANTE EN ENTRE HACIA HASTA MEDIANTE PARA POR SEGUN SIN SO SOBRE TRAS VERSUS VIA ' +
    'EL LA LOS LAS UN UNA UNOS UNAS LO DEL Y COMPANIA CIA SOCIEDAD SOC'
  ).split(' '),
);

function companyLetters(company: RfcCompany): string {
  const base = company.legalName.replace(LEGAL_FORM, '');
  const words = normalizeName(base)
    .split(' ')
    .filter((word) => word && !COMPANY_SKIPPED_WORDS.has(word));
  if (words.length === 0) throw new Error('A company RFC needs a legal name');
  if (words.length >= 3) return words[0][0] + words[1][0] + words[2][0];
  if (words.length === 2) return (words[0][0] + words[1].slice(0, 2)).padEnd(3, 'X');
  return words[0].slice(0, 3).padEnd(3, 'X');
}

/** A person's (13) or a company's (12) RFC with SAT's homoclave and check digit. */
export function buildRfc(subject: RfcPerson | RfcCompany): string {
  const isCompany = 'legalName' in subject;
  const date: DateParts = dateParts(isCompany ? subject.incorporated : subject.birthday);
  if (!isRealDate(date.year, date.month, date.day)) throw new Error('Not a real date');
  const letters = isCompany ? companyLetters(subject) : personLetters(subject);
  const fullName = isCompany ? subject.legalName : [subject.firstSurname, subject.secondSurname ?? '', subject.names].join(' ');
  const base = letters + yymmdd(date) + rfcHomoclave(fullName);
  return base + rfcCheckDigit(base);
}
