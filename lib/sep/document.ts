// What SEP's electronic documents (the Título Electrónico and the certificate of studies) share:
// every one is an XML of attributes whose values, in an order the standard fixes, make the cadena
// original its responsable seals. Pure, shared by both documents' builders, readers and tests.

/** A value of a document: text as it will be written, or null when an optional attribute is absent. */
export type SepValue = string | null;

/**
 * The cadena original of a document: `||` + its values joined by `|` + `||`. An absent optional
 * value keeps its place as an empty field (`|a||b|`), so every document of a kind has the same number
 * of fields and a verifier rebuilds the same text from the XML.
 */
export function joinCadena(values: readonly SepValue[]): string {
  return `||${values.map((value) => value ?? '').join('|')}||`;
}

/**
 * A text attribute as SEP wants it: upper case (accents and Ñ kept), no space at either end and no
 * run of spaces inside, so the XML attribute and the sealed cadena carry the same bytes. Empty → null.
 */
export function sepText(value: string | null | undefined): string | null {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text ? text.toLocaleUpperCase('es-MX') : null;
}

/** An element's attributes with a value, in the order its schema lists them (absent ones left out). */
export function attributesInOrder(names: readonly string[], values: object): Record<string, string> {
  const given = values as Record<string, string | null | undefined>;
  return Object.fromEntries(names.flatMap((name) => (given[name] ? [[name, given[name]]] : [])));
}

/**
 * An element's attributes as read back: a required one that is absent reads as '' and an optional
 * one as null, so a document rebuilt from its XML puts each in its cadena place.
 */
export function readAttributes<T>(names: readonly string[], optional: readonly string[], node: unknown): T {
  const attributes = node && typeof node === 'object' ? (node as Record<string, unknown>) : {};
  return Object.fromEntries(
    names.map((name) => {
      const value = attributes[`@${name}`];
      return [name, typeof value === 'string' ? value : optional.includes(name) ? null : ''];
    }),
  ) as T;
}

/** The children of an element read by xmlbuilder2's toObject(): one or many, as a list. */
export function listOf(node: unknown): unknown[] {
  return Array.isArray(node) ? node : node ? [node] : [];
}
