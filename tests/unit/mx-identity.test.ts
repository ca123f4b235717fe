import { describe, expect, it } from 'vitest';
import {
  buildClabe,
  buildCurp,
  buildRfc,
  checkRfc,
  clabeCheckDigit,
  curpCheckDigit,
  isValidClabe,
  isValidCurp,
  isValidRfc,
  rfcCheckDigit,
  rfcHomoclave,
  type CurpPerson,
} from '@/lib/mx';

describe('CURP', () => {
  const built: [string, CurpPerson, string][] = [
    ['plain name', { names: 'Ana', firstSurname: 'López', secondSurname: 'Martínez', birthday: '2005-03-12', sex: 'M', state: 'JC' }, 'LOMA050312MJCPRNA7'],
    ['compound María, particles and Ñ', { names: 'María Guadalupe', firstSurname: 'De la Cruz', secondSurname: 'Nuño', birthday: '1998-12-01', sex: 'M', state: 'DF' }, 'CUNG981201MDFRXD04'],
    ['José skipped, one surname', { names: 'José Luis', firstSurname: 'Hernández', birthday: '1979-07-30', sex: 'H', state: 'NL' }, 'HEXL790730HNLRXS09'],
    ['inconvenient word gets an X', { names: 'Oscar', firstSurname: 'Pérez', secondSurname: 'Durán', birthday: '1990-01-15', sex: 'H', state: 'PL' }, 'PXDO900115HPLRRS06'],
    ['born abroad, homonym given', { names: 'Emily', firstSurname: 'Smith', secondSurname: null, birthday: '2003-02-28', sex: 'M', state: 'NE', homonym: 'B' }, 'SIXE030228MNEMXMB0'],
    ['surname starting with Ñ', { names: 'Rosa', firstSurname: 'Ñáñez', secondSurname: 'Ávila', birthday: '1985-10-05', sex: 'M', state: 'YN' }, 'XAAR851005MYNXVS00'],
  ];
  it.each(built)('builds %s', (_label, person, expected) => {
    const curp = buildCurp(person);
    expect(curp).toBe(expected);
    expect(isValidCurp(curp)).toBe(true);
    expect(curpCheckDigit(curp.slice(0, 17))).toBe(curp[17]);
  });

  const checked: [string, boolean][] = [
    ['LOMA050312MJCPRNA7', true],
    ['loma050312mjcprna7', true],
    ['LOMA050312MJCPRNA4', false], // wrong check digit
    ['LOMA051312MJCPRNA7', false], // month 13
    ['LOMA050230MJCPRNA7', false], // 30 February
    ['LOMA050312MZZPRNA7', false], // unknown state
    ['LOMA050312QJCPRNA7', false], // sex
    ['LOMA050312MJCPRNA', false], // 17 characters
    ['', false],
  ];
  it.each(checked)('validates %s as %s', (curp, valid) => {
    expect(isValidCurp(curp)).toBe(valid);
  });

  it('a leap day needs a leap year', () => {
    const leap = buildCurp({ names: 'Luis', firstSurname: 'Gómez', secondSurname: 'Ruiz', birthday: '2004-02-29', sex: 'H', state: 'JC' });
    expect(isValidCurp(leap)).toBe(true);
    const notLeap = `${leap.slice(0, 4)}05${leap.slice(6, 17)}`;
    expect(isValidCurp(notLeap + curpCheckDigit(notLeap))).toBe(false);
    expect(() => buildCurp({ names: 'Luis', firstSurname: 'Gómez', birthday: '2005-02-29', sex: 'H', state: 'JC' })).toThrow();
    // The homonym character gives the century: 29 February 2000 exists, 29 February 1900 does not.
    const y2k = buildCurp({ names: 'Luis', firstSurname: 'Gómez', secondSurname: 'Ruiz', birthday: '2000-02-29', sex: 'H', state: 'JC' });
    expect(isValidCurp(y2k)).toBe(true);
    const y1900 = `${y2k.slice(0, 16)}0`;
    expect(isValidCurp(y1900 + curpCheckDigit(y1900))).toBe(false);
  });

  it('refuses characters outside its alphabet', () => {
    expect(() => curpCheckDigit('LOMA050312MJCPRN*')).toThrow();
  });
});

describe('RFC', () => {
  // Persons: worked examples of SAT's algorithm (homoclave from the full name, check digit).
  const people: [string, Parameters<typeof buildRfc>[0], string][] = [
    ['particles in the second surname', { names: 'Josué', firstSurname: 'Zarzosa', secondSurname: 'de la Torre', birthday: '1987-08-05' }, 'ZATJ870805CK6'],
    ['check digit 1', { names: 'ELIUD', firstSurname: 'OROZCO', secondSurname: 'GOMEZ', birthday: '1952-07-11' }, 'OOGE520711151'],
    ['check digit A', { names: 'SATURNINA', firstSurname: 'ANGEL', secondSurname: 'CRUZ', birthday: '1921-11-12' }, 'AECS211112JPA'],
    ['company, leading space in the check digit', { legalName: 'Sonora Industrial Azucarera, S. de R. L.', incorporated: '1982-11-29' }, 'SIA821129LS2'],
  ];
  it.each(people)('builds %s', (_label, subject, expected) => {
    const rfc = buildRfc(subject);
    expect(rfc).toBe(expected);
    expect(checkRfc(rfc)).toEqual({ valid: true, kind: rfc.length === 13 ? 'person' : 'company', checkDigitMismatch: false });
  });

  const homoclaves: [string, string][] = [
    ['Perez Garcia Juan', 'LN'],
    ['Pérez García Juan', 'LN'],
    ['Del real Anzures Jose Antonio', 'N9'],
    ['Muñoz Ortega Juan', 'T6'],
    ['Muñoz Muñoz Juan', 'RZ'],
    ['Argüelles Ortega Jesus', 'JF'],
    ['Perez&Gomez Garcia Juan', '2R'],
  ];
  it.each(homoclaves)('homoclave of %s is %s', (name, expected) => {
    expect(rfcHomoclave(name)).toBe(expected);
  });

  // SAT's published test RFCs (CSD test certificates) and worked check digits.
  const digits: [string, string][] = [
    ['EKU9003173C', '9'],
    ['GODE561231GR', '8'],
    ['AECS211112JP', 'A'],
    ['OOGE52071115', '1'],
    ['IIA040805DZ', '4'],
    ['XIA190128J6', '1'],
    ['H&E951128469'.slice(0, 11), '9'],
    ['IAÑL75021096', '3'],
  ];
  it.each(digits)('check digit of %s is %s', (base, expected) => {
    expect(rfcCheckDigit(base)).toBe(expected);
  });

  const checked: [string, { valid: boolean; mismatch: boolean }][] = [
    ['EKU9003173C9', { valid: true, mismatch: false }],
    ['CACX7605101P8', { valid: true, mismatch: false }],
    ['FUNK671228PH6', { valid: true, mismatch: false }],
    ['IAÑL750210963', { valid: true, mismatch: false }],
    ['H&E951128469', { valid: true, mismatch: false }],
    ['XAXX010101000', { valid: true, mismatch: true }], // generic RFC: valid, warns
    ['EKU9003173C1', { valid: true, mismatch: true }], // wrong check digit only warns
    ['EKU9013173C9', { valid: false, mismatch: false }], // month 13
    ['EKU9002303C9', { valid: false, mismatch: false }], // 30 February
    ['ABCD000229AB1', { valid: true, mismatch: true }], // 29 February of a year divisible by 4
    ['ABCD010229AB1', { valid: false, mismatch: false }],
    ['EKU9003173CB', { valid: false, mismatch: false }], // check character is a digit or A
    ['EK9003173C9', { valid: false, mismatch: false }],
    ['ABCDE9003173C9', { valid: false, mismatch: false }],
  ];
  it.each(checked)('%s', (rfc, expected) => {
    const result = checkRfc(rfc);
    expect(result.valid).toBe(expected.valid);
    expect(result.checkDigitMismatch).toBe(expected.mismatch);
    expect(isValidRfc(rfc)).toBe(expected.valid);
  });

  it('person rules: one surname, short surname, skipped María, inconvenient word', () => {
    expect(buildRfc({ names: 'María Elena', firstSurname: 'Ruiz', birthday: '1970-05-20' }).slice(0, 4)).toBe('RUEL');
    expect(buildRfc({ names: 'Carlos', firstSurname: 'Ng', secondSurname: 'Paz', birthday: '1980-01-01' }).slice(0, 4)).toBe('NPCA');
    expect(buildRfc({ names: 'Teresa', firstSurname: 'Pérez', secondSurname: 'Díaz', birthday: '1980-01-01' }).slice(0, 4)).toBe('PEDT');
    expect(buildRfc({ names: 'Oscar', firstSurname: 'Pérez', secondSurname: 'Domínguez', birthday: '1980-01-01' }).slice(0, 4)).toBe('PEDX');
    for (const subject of [
      { names: 'María Elena', firstSurname: 'Ruiz', birthday: '1970-05-20' },
      { legalName: 'Universidad Plantel, A.C.', incorporated: '1999-01-15' },
      { legalName: 'Comercializadora del Bajío S.A. de C.V.', incorporated: '2010-06-30' },
    ]) {
      const rfc = buildRfc(subject);
      expect(checkRfc(rfc)).toMatchObject({ valid: true, checkDigitMismatch: false });
    }
    expect(buildRfc({ legalName: 'Universidad Plantel, A.C.', incorporated: '1999-01-15' }).slice(0, 3)).toBe('UPL');
    expect(buildRfc({ legalName: 'Comercializadora del Bajío S.A. de C.V.', incorporated: '2010-06-30' }).slice(0, 3)).toBe('CBA');
  });
});

describe('CLABE', () => {
  const checked: [string, boolean][] = [
    ['032180000118359719', true],
    ['002010077777777771', true],
    ['012180001234567897', false],
    ['03218000011835971', false],
    ['03218000011835971a', false],
    ['', false],
  ];
  it.each(checked)('%s is valid: %s', (clabe, valid) => {
    expect(isValidClabe(clabe)).toBe(valid);
  });

  const digits: [string, string][] = [
    ['03218000011835971', '9'],
    ['00201007777777777', '1'],
    ['01232001234567890', '5'],
  ];
  it.each(digits)('check digit of %s is %s', (first17, expected) => {
    expect(clabeCheckDigit(first17)).toBe(expected);
  });

  it('builds round-trips from bank, plaza and account', () => {
    for (const [bank, plaza, account] of [
      ['012', '320', '1234567890'],
      ['072', '580', '99'],
      ['014', '180', '65500012345'],
    ]) {
      const clabe = buildClabe(bank, plaza, account);
      expect(clabe).toHaveLength(18);
      expect(clabe.startsWith(bank + plaza)).toBe(true);
      expect(isValidClabe(clabe)).toBe(true);
    }
    expect(() => buildClabe('12', '320', '1')).toThrow();
  });
});
