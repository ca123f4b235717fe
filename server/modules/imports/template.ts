// An importer's template: the sheet to fill ("Datos": headers in Spanish, a drop-down list on each
// catalogue column), the same headers with an example row ("Ejemplo"), a notes sheet (each
// column's English name, type, whether it is required, its accepted values and formats) and a
// hidden sheet with the catalogues' values the drop-downs point at. The example lives on its own
// sheet so that a filled template never imports it by mistake: only the first sheet is read.
import ExcelJS from 'exceljs';
import type { Db } from '@/server/engine/types';
import type { Translate } from '@/server/i18n/messages';
import { CatalogLookup } from './catalogs';
import type { ImporterDefinition } from './definition';

/** Rows of the data sheet that carry the drop-down lists. */
const VALIDATED_ROWS = 5000;

function columnLetter(index: number): string {
  let letter = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letter = String.fromCharCode(65 + ((n - 1) % 26)) + letter;
  return letter;
}

export async function templateWorkbook(importer: ImporterDefinition<unknown>, db: Db, t: Translate): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Plantel';
  const data = workbook.addWorksheet(t('imports.template.data_sheet'));
  const example = workbook.addWorksheet(t('imports.template.example_sheet'));
  const notes = workbook.addWorksheet(t('imports.template.notes_sheet'));
  const lists = workbook.addWorksheet(t('imports.template.lists_sheet'), { state: 'hidden' });
  for (const sheet of [data, example]) {
    sheet.columns = importer.columns.map((column) => ({ header: column.es, key: column.key, width: Math.max(14, column.es.length + 4) }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  // Text columns stay text in Excel: a CURP or a postal code must not lose its leading zeros.
  importer.columns.forEach((column, index) => {
    if (column.type === 'text' || column.type === 'catalog') data.getColumn(index + 1).numFmt = '@';
  });
  example.addRow(importer.columns.map((column) => column.example));

  const lookup = new CatalogLookup(db);
  let listColumn = 0;
  for (const [index, column] of importer.columns.entries()) {
    // Catalogues scoped by another column (a municipality within its state, a group within its
    // period) are too long or depend on the row: typed by code or name, without a drop-down.
    if (!column.catalog || column.catalog.scopedBy || column.catalog.listed === false) continue;
    const entries = await lookup.entries(column.catalog);
    if (entries.length === 0) continue;
    const letter = columnLetter(listColumn);
    lists.getCell(`${letter}1`).value = column.es;
    entries.forEach((entry, row) => {
      lists.getCell(`${letter}${row + 2}`).value = entry.name;
    });
    const range = `'${lists.name}'!$${letter}$2:$${letter}$${entries.length + 1}`;
    const target = columnLetter(index);
    // exceljs' typings lack the range form of dataValidations.add.
    (data as unknown as { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } }).dataValidations.add(`${target}2:${target}${VALIDATED_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [range],
      showErrorMessage: false,
    });
    listColumn += 1;
  }

  notes.columns = [
    { header: t('imports.template.note_header'), key: 'header', width: 30 },
    { header: t('imports.template.note_english'), key: 'english', width: 30 },
    { header: t('imports.template.note_type'), key: 'type', width: 20 },
    { header: t('imports.template.note_required'), key: 'required', width: 12 },
    { header: t('imports.template.note_example'), key: 'example', width: 26 },
    { header: t('imports.template.note_help'), key: 'help', width: 70 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const column of importer.columns) {
    notes.addRow({
      header: column.es,
      english: column.en,
      type: t(`imports.types.${column.type}`),
      required: column.required ? t('imports.template.yes') : '',
      example: column.example,
      help: [t(`imports.help.${column.type}`), column.catalog?.scopedBy ? t('imports.help.scoped', { column: importer.columns.find((c) => c.key === column.catalog?.scopedBy)?.es ?? '' }) : '', column.aliases?.length ? t('imports.help.aliases', { names: column.aliases.join(', ') }) : ''].filter(Boolean).join(' '),
    });
  }
  notes.addRow({});
  notes.addRow({ header: t('imports.template.key_note', { columns: importer.naturalKey.map((key) => importer.columns.find((c) => c.key === key)?.es ?? key).join(' / ') }) });
  notes.addRow({ header: t('imports.template.general_note') });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
