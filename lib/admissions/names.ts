// A person's full name as people type it in one field ("María Fernanda Ríos Gómez": given names,
// then the paternal and maternal surnames) split into the fields records keep. Two words are a
// given name and one surname; one word is all given name (the surname is left for staff to fill).

export type SplitName = { names: string; first_name: string; second_name: string | null };

export function splitFullName(full: string): SplitName {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 3) return { names: words.slice(0, -2).join(' '), first_name: words[words.length - 2], second_name: words[words.length - 1] };
  if (words.length === 2) return { names: words[0], first_name: words[1], second_name: null };
  return { names: words[0] ?? '', first_name: '', second_name: null };
}
