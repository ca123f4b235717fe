// Reordering a list (subjects of a grade): pure, so the screen and its tests share it.

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveWithin<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** The `order` of each item from its place, counting from 1. */
export function ordersFrom<T extends { id: number }>(items: readonly T[]): { id: number; order: number }[] {
  return items.map((item, index) => ({ id: item.id, order: index + 1 }));
}
