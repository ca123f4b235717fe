// Control numbers (número de control / matrícula): the settings' base serial (the entry year by
// default) followed by the student's serial, at least four digits: base 2026, serial 7 ->
// `20260007`; serial 12345 -> `202612345`. Pure: the sequence itself is taken in the database
// under a lock (server/modules/students/control-number.ts).

/** The control number of a serial under a base. */
export function controlNumber(base: string, serial: number): string {
  return `${base}${String(serial).padStart(4, '0')}`;
}

/** The serial of a control number under a base, or null when it is not one of that base's. */
export function serialOf(noControl: string, base: string): number | null {
  if (!noControl.startsWith(base)) return null;
  const rest = noControl.slice(base.length);
  return /^\d{4,9}$/.test(rest) ? Number(rest) : null;
}

/** The base to use: the settings' base serial, or the current year when it is blank. */
export function baseSerial(setting: string | null | undefined, today: string): string {
  const base = (setting ?? '').trim();
  return base || today.slice(0, 4);
}
