// CFDI dates carry no zone: they are the wall-clock time where the invoice is issued (Mexico City
// for Plantel's schools; SAT checks Fecha against the issuer's postal code's zone).

/** Mexico City's wall-clock time, as CFDI dates are written. */
export function mexicoTime(at: Date): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}
