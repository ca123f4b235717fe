// Matching a spreadsheet's header row to an importer's columns. People write "Fecha de nacimiento",
// "FECHA NACIMIENTO", "fecha_de_nacimiento" or "Birthday" for the same column: headers are compared
// without accents, case, punctuation or spacing, against each column's Spanish and English names.
// Pure, so the screen and the server agree on what a header means.

/** A header as compared: lower case, no accents (ñ kept as n), words joined by one space. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export type HeaderColumn = { key: string; names: readonly string[] };

/** Column key -> index of the header it reads (null: no header of the file matches it). */
export type ColumnMapping = Record<string, number | null>;

/**
 * Proposes which header each column reads: a header whose normalised text equals one of the
 * column's names (or its key). Each header serves one column at most; the first column to claim it
 * keeps it. `saved` (column key -> header text, a mapping a person saved before) wins over names.
 */
export function matchHeaders(headers: readonly string[], columns: readonly HeaderColumn[], saved: Readonly<Record<string, string | null>> = {}): ColumnMapping {
  const normalized = headers.map(normalizeHeader);
  const taken = new Set<number>();
  const mapping: ColumnMapping = {};
  const claim = (index: number) => {
    if (index < 0 || taken.has(index) || normalized[index] === '') return null;
    taken.add(index);
    return index;
  };
  for (const column of columns) {
    const remembered = saved[column.key];
    mapping[column.key] = remembered ? claim(normalized.indexOf(normalizeHeader(remembered))) : null;
  }
  for (const column of columns) {
    if (mapping[column.key] !== null) continue;
    // A saved mapping that said "no column" for this key stays so.
    if (column.key in saved && saved[column.key] === null) continue;
    const names = new Set([column.key, ...column.names].map(normalizeHeader));
    mapping[column.key] = claim(normalized.findIndex((header, index) => !taken.has(index) && names.has(header)));
  }
  return mapping;
}

/** The headers no column reads, to show a person what the file has that is left out. */
export function unmappedHeaders(headers: readonly string[], mapping: ColumnMapping): string[] {
  const used = new Set(Object.values(mapping).filter((index): index is number => index !== null));
  return headers.filter((header, index) => !used.has(index) && header.trim() !== '');
}
