// A CSV reader fed in chunks, so a file of any size streams through in constant memory: RFC 4180
// quoting (a quoted field may hold the separator, doubled quotes and line breaks), \n or \r\n line
// ends, a UTF-8 byte-order mark dropped, and the separator (comma, semicolon or tab; Excel in
// Spanish writes semicolons) chosen from the header line. Pure: the server pipes a file through it.

export type CsvSeparator = ',' | ';' | '\t';

/** The separator a header line uses most outside quotes (a comma when it has none). */
export function detectSeparator(headerLine: string): CsvSeparator {
  const counts: Record<CsvSeparator, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as CsvSeparator] += 1;
  }
  return (Object.entries(counts) as [CsvSeparator, number][]).reduce((best, entry) => (entry[1] > best[1] ? entry : best), [',', 0] as [CsvSeparator, number])[0];
}

export class CsvRowReader {
  private separator: CsvSeparator | null = null;
  private pending = '';
  private field = '';
  private row: string[] = [];
  private quoted = false;
  /** The last character was a quote inside a quoted field: a doubled quote or the field's end. */
  private quoteSeen = false;
  private started = false;

  constructor(separator?: CsvSeparator) {
    this.separator = separator ?? null;
  }

  /** Feeds text; answers the rows it completed. */
  push(chunk: string): string[][] {
    let text = chunk;
    if (!this.started) {
      this.pending += text;
      // The separator is chosen once the header line is whole (or the file ends, see end()).
      const lineEnd = this.pending.search(/\r?\n/);
      if (lineEnd < 0 && this.separator === null) return [];
      text = this.pending.replace(/^\uFEFF/, '');
      this.pending = '';
      this.started = true;
      this.separator ??= detectSeparator(lineEnd < 0 ? text : text.slice(0, text.search(/\r?\n/)));
    }
    return this.consume(text);
  }

  /** The rows still held when the input ends. */
  end(): string[][] {
    const rows: string[][] = [];
    if (!this.started) {
      // A file of one line without its line end.
      const text = this.pending.replace(/^\uFEFF/, '');
      this.pending = '';
      this.started = true;
      this.separator ??= detectSeparator(text);
      rows.push(...this.consume(text));
    }
    this.quoted = false;
    this.quoteSeen = false;
    if (this.field !== '' || this.row.length > 0) {
      this.row.push(this.field.endsWith('\r') ? this.field.slice(0, -1) : this.field);
      rows.push(this.row);
    }
    this.row = [];
    this.field = '';
    return rows;
  }

  private consume(text: string): string[][] {
    const rows: string[][] = [];
    const separator = this.separator!;
    for (let index = 0; index < text.length; index += 1) {
      const char = text[index];
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (char === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false;
          // falls through to read the character after the closing quote
        } else if (char === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          this.field += char;
          continue;
        }
      }
      if (char === '"' && this.field === '') {
        this.quoted = true;
      } else if (char === separator) {
        this.row.push(this.field);
        this.field = '';
      } else if (char === '\n') {
        this.row.push(this.field.endsWith('\r') ? this.field.slice(0, -1) : this.field);
        rows.push(this.row);
        this.row = [];
        this.field = '';
      } else {
        this.field += char;
      }
    }
    return rows;
  }
}

/** A whole CSV text's rows (tests and small files). */
export function parseCsv(text: string, separator?: CsvSeparator): string[][] {
  const reader = new CsvRowReader(separator);
  return [...reader.push(text), ...reader.end()];
}
