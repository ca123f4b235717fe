// Spreadsheet keys for a table of inputs marked `data-cell="row:column"`: Enter and the arrows
// move to the next cell (left and right only at the text's edge), whose text is selected to type over.
import type { KeyboardEvent } from 'react';

export function moveBetweenCells(event: KeyboardEvent<HTMLInputElement>, row: number, column: number): void {
  const input = event.currentTarget;
  let target: [number, number] | null = null;
  if (event.key === 'Enter' || event.key === 'ArrowDown') target = [row + 1, column];
  else if (event.key === 'ArrowUp') target = [row - 1, column];
  else if (event.key === 'ArrowRight' && input.selectionStart === input.value.length) target = [row, column + 1];
  else if (event.key === 'ArrowLeft' && input.selectionStart === 0) target = [row, column - 1];
  if (!target) return;
  const next = document.querySelector<HTMLInputElement>(`[data-cell="${target[0]}:${target[1]}"]`);
  if (next) {
    event.preventDefault();
    next.focus();
    next.select();
  }
}
