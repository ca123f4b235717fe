// The portal shop's offer (server/modules/finance/shop.ts): among the concepts of the price lists a
// student may be charged from, the one the student pays for each code.

/** One concept per code: the student's own list's (not general) before the general one's, the newest. */
export function ownPrices<C extends { id: number; code: string; price_list: { is_general: boolean } }>(concepts: readonly C[]): C[] {
  const chosen = new Map<string, C>();
  for (const concept of concepts) {
    const key = concept.code.trim().toUpperCase();
    const kept = chosen.get(key);
    const better = !kept || (kept.price_list.is_general && !concept.price_list.is_general) || (kept.price_list.is_general === concept.price_list.is_general && concept.id > kept.id);
    if (better) chosen.set(key, concept);
  }
  return concepts.filter((concept) => chosen.get(concept.code.trim().toUpperCase()) === concept).slice(0, 100);
}
