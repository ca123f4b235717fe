// A bank statement as staff download it from their bank's portal (CSV): the deposits to reconcile
// with the school's bank references. Banks differ in the details, so the common layout is read
// loosely: a header row naming the columns (in Spanish or English, any order, any case or accent),
// comma, semicolon or tab between fields, quotes around a field, amounts like "$4,256.50" and
// dates as dd/mm/yyyy or yyyy-mm-dd. Pure: the server matches the lines (server/modules/finance/
// reconciliation.ts).

export type StatementLine = {
  /** The file's line number (1 = header), to point people at it. */
  line: number;
  /** The reference's digits as the bank printed them. */
  reference: string;
  /** Exact two-decimal amount. */
  amount: string;
  /** YYYY-MM-DD, or null when the bank gave none. */
  date: string | null;
  /** The bank's authorization or folio of the deposit. */
  authorization: string | null;
};

export type StatementProblem = { line: number; problem: 'reference' | 'amount' | 'date' };

export type ParsedStatement = { lines: StatementLine[]; problems: StatementProblem[] } | { error: 'empty' | 'columns' };

/** Column names staff see in their banks' files, after folding case and accents. */
const COLUMN_NAMES: Record<'reference' | 'amount' | 'date' | 'authorization', readonly string[]> = {
  reference: ['referencia', 'reference', 'ref', 'referencia bancaria', 'referencia numerica', 'concepto', 'bank_ref'],
  amount: ['importe', 'monto', 'amount', 'abono', 'deposito', 'cantidad', 'importe abono'],
  date: ['fecha', 'date', 'fecha de pago', 'fecha operacion', 'fecha de operacion', 'fecha valor'],
  authorization: ['autorizacion', 'authorization', 'folio', 'numero de autorizacion', 'no. autorizacion', 'auth', 'clave de rastreo'],
};

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/** Splits one CSV row: quoted fields may hold the separator and doubled quotes. */
export function splitRow(row: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < row.length; index += 1) {
    const char = row[index];
    if (quoted) {
      if (char === '"' && row[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields.map((value) => value.trim());
}

/** The separator of the header row: the one of tab, semicolon and comma it holds most. */
function separatorOf(header: string): string {
  const counts = ['\t', ';', ','].map((separator) => ({ separator, count: splitRow(header, separator).length }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0].separator;
}

/** "$4,256.50", "4256.5", "4 256,50" (comma as decimal point) -> "4256.50"; null when not an amount. */
export function parseStatementAmount(text: string): string | null {
  let value = text.replace(/[$\s]/g, '').replace(/^MXN|MXN$/i, '');
  if (/^\d{1,3}(\.\d{3})*,\d{1,2}$/.test(value) || /^\d+,\d{1,2}$/.test(value)) value = value.replace(/\./g, '').replace(',', '.');
  else value = value.replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return `${BigInt(match[1])}.${cents}`;
}

/** dd/mm/yyyy, dd-mm-yyyy or yyyy-mm-dd (a real day) -> YYYY-MM-DD; null otherwise. */
export function parseStatementDate(text: string): string | null {
  const value = text.trim().slice(0, 10);
  let parts: [number, number, number] | null = null;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) parts = [Number(match[1]), Number(match[2]), Number(match[3])];
  match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(value);
  if (match) parts = [Number(match[3]), Number(match[2]), Number(match[1])];
  if (!parts) return null;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Reads a statement: its lines with a reference and a positive amount, and the lines it could not
 * read (blank lines are skipped). `columns` when the header names no reference or amount column.
 */
export function parseStatement(text: string): ParsedStatement {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const headerIndex = rows.findIndex((row) => row.trim() !== '');
  if (headerIndex < 0) return { error: 'empty' };
  const separator = separatorOf(rows[headerIndex]);
  const header = splitRow(rows[headerIndex], separator).map(fold);
  const column = (name: keyof typeof COLUMN_NAMES) => header.findIndex((title) => COLUMN_NAMES[name].includes(title));
  const at = { reference: column('reference'), amount: column('amount'), date: column('date'), authorization: column('authorization') };
  if (at.reference < 0 || at.amount < 0) return { error: 'columns' };

  const lines: StatementLine[] = [];
  const problems: StatementProblem[] = [];
  for (let index = headerIndex + 1; index < rows.length; index += 1) {
    if (rows[index].trim() === '') continue;
    const fields = splitRow(rows[index], separator);
    const line = index + 1;
    const reference = (fields[at.reference] ?? '').replace(/[\s-]/g, '');
    if (!/^\d{4,40}$/.test(reference)) {
      problems.push({ line, problem: 'reference' });
      continue;
    }
    const amount = parseStatementAmount(fields[at.amount] ?? '');
    if (!amount || amount === '0.00') {
      problems.push({ line, problem: 'amount' });
      continue;
    }
    const dateText = at.date >= 0 ? (fields[at.date] ?? '') : '';
    const date = dateText ? parseStatementDate(dateText) : null;
    if (dateText && !date) {
      problems.push({ line, problem: 'date' });
      continue;
    }
    const authorization = at.authorization >= 0 ? (fields[at.authorization] ?? '').slice(0, 100) || null : null;
    lines.push({ line, reference, amount, date, authorization });
  }
  return { lines, problems };
}

/** What a reconciliation did, line by line (the job's result, read by the Referencias panel). */
export type ReconciledLine = { line: number; reference: string; amount: string };
export type ReconciliationResult = {
  file_name: string;
  lines: number;
  paid: (ReconciledLine & { sale_id: number | null })[];
  already_paid: ReconciledLine[];
  unknown: ReconciledLine[];
  mismatched: (ReconciledLine & { expected: string; reason: 'amount' | 'cancelled' | 'stale' })[];
  unreadable: StatementProblem[];
};
