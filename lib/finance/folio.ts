// A sale's folio: the number a receipt prints and a cashier reads back ("000123").

/** A sale's folio as printed: its number with six digits. */
export function folioOf(saleId: number | string): string {
  return String(saleId).padStart(6, '0');
}
