// CLABE (Clave Bancaria Estandarizada): bank (3) + plaza (3) + account (11) + check digit.

const WEIGHTS = [3, 7, 1];

/** Check digit of the first 17 digits: weights 3, 7, 1 repeated, each product mod 10, (10 − sum mod 10) mod 10. */
export function clabeCheckDigit(first17: string): string {
  if (!/^\d{17}/.test(first17)) throw new Error('A CLABE check digit needs 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += (Number(first17[i]) * WEIGHTS[i % 3]) % 10;
  return String((10 - (sum % 10)) % 10);
}

export function isValidClabe(value: string): boolean {
  const clabe = value.trim();
  return /^\d{18}$/.test(clabe) && clabeCheckDigit(clabe.slice(0, 17)) === clabe[17];
}

/** A CLABE from its parts; the account is left-padded with zeros to 11 digits. */
export function buildClabe(bank: string, plaza: string, account: string): string {
  if (!/^\d{3}$/.test(bank) || !/^\d{3}$/.test(plaza) || !/^\d{1,11}$/.test(account)) throw new Error('Bank and plaza take 3 digits, the account up to 11');
  const first17 = bank + plaza + account.padStart(11, '0');
  return first17 + clabeCheckDigit(first17);
}
