// Rows are kept column by column (plain arrays), which is what the loader sends to PostgreSQL as
// one array per column, and which keeps a million-row table cheap in memory.

export type Cell = string | number | boolean | null;
export type Row<C extends string> = { readonly [K in C]: Cell };

export class Table<C extends string = string> {
  readonly columns: readonly C[];
  readonly data: Cell[][];
  /** created_at (and updated_at) of each row; null takes the data set's default stamp */
  readonly stamps: (string | null)[] = [];
  readonly ids: number[] = [];
  /** columns inserted empty and filled by an UPDATE once every table is in (reference cycles) */
  readonly deferred = new Set<C>();
  private lastId = 0;

  constructor(
    readonly name: string,
    columns: readonly C[],
    readonly hasId: boolean,
  ) {
    this.columns = columns;
    this.data = columns.map(() => []);
  }

  get length(): number {
    return this.stamps.length;
  }

  /** The id the next row will get (dense 1..N in order of reservation). */
  reserve(): number {
    if (!this.hasId) throw new Error(`${this.name} has no id`);
    this.lastId += 1;
    return this.lastId;
  }

  get reserved(): number {
    return this.lastId;
  }

  /** Adds a row and returns its id (0 for tables keyed otherwise). */
  add(row: Row<C>, createdAt: string | null = null, id?: number): number {
    const rowId = this.hasId ? (id ?? this.reserve()) : 0;
    if (this.hasId) this.ids.push(rowId);
    const columns = this.columns;
    for (let i = 0; i < columns.length; i += 1) {
      const value = row[columns[i]];
      if (value === undefined) throw new Error(`${this.name}.${columns[i]} missing`);
      this.data[i].push(value);
    }
    this.stamps.push(createdAt);
    return rowId;
  }

  defer(...columns: C[]): this {
    for (const column of columns) this.deferred.add(column);
    return this;
  }

  column(name: C): Cell[] {
    return this.data[this.columns.indexOf(name)];
  }

  /** Rewrites one cell of an already added row (by position in the table). */
  set(index: number, name: C, value: Cell): void {
    this.data[this.columns.indexOf(name)][index] = value;
  }
}

export function table<const C extends readonly string[]>(name: string, columns: C, hasId = true): Table<C[number]> {
  return new Table<C[number]>(name, columns, hasId);
}
