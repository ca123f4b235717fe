// The columns of every resource's export, derived from the data model: each has a label of its
// own in Spanish and in English (not the other language's by fallback), no two share a header, an
// exported enum names every value in both languages, and nothing internal is exported.
import { describe, expect, it } from 'vitest';
import { META } from '@/server/engine/model';
import { exportColumns } from '@/server/engine/export';
import { RESOURCES } from '@/server/modules/registry';
import { catalog } from '@/messages';
import type { Messages } from '@/lib/i18n';

function own(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

function group(messages: Messages, key: string): Messages | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? node[part] : undefined;
  return node && typeof node === 'object' && Object.keys(node).length ? node : undefined;
}

const INTERNAL = /^(search_text|password|email_password|key|key_password|web_pass|photo|photo_path|xml|stamp|certificate)$/;

describe.each(RESOURCES.map((definition) => [definition.base, definition] as const))('export of %s', (_base, definition) => {
  const columns = exportColumns(definition);

  it('has columns, each headed by its own label in both languages', () => {
    expect(columns.length).toBeGreaterThan(0);
    const missing = columns.filter((column) => !own(catalog.es, column.labelKey) || !own(catalog.en, column.labelKey)).map((column) => column.labelKey);
    expect(missing).toEqual([]);
  });

  it('never heads two columns alike', () => {
    const headers = columns.map((column) => own(catalog.es, column.labelKey));
    expect(headers.filter((header, index) => headers.indexOf(header) !== index)).toEqual([]);
  });

  it('exports no foreign key, secret, search helper or stored document', () => {
    expect(columns.map((column) => column.field).filter((field) => field.endsWith('_id') || INTERNAL.test(field))).toEqual([]);
  });

  it('names every value of its fixed sets in both languages', () => {
    // Codes kept as text (a role's category) are named by a group of messages in both languages.
    for (const column of columns.filter((c) => c.valuesKey)) {
      for (const messages of [catalog.es, catalog.en]) expect(group(messages, column.valuesKey!), column.valuesKey).toBeTruthy();
    }
    for (const column of columns.filter((c) => c.valuesKey?.startsWith('enums.') && META.enums[c.valuesKey.slice(6)])) {
      for (const value of META.enums[column.valuesKey!.slice(6)]) {
        expect(own(catalog.es, `${column.valuesKey}.${value}`), `${column.valuesKey}.${value}`).toBeTruthy();
        expect(own(catalog.en, `${column.valuesKey}.${value}`), `${column.valuesKey}.${value}`).toBeTruthy();
      }
    }
  });
});
