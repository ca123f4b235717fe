// The look of the grade tables (capture sheets, kardex, summaries): compact rows with a rule under
// each, text to the left and numbers (class `n`) to the right.
export const gradeTableSx = {
  borderCollapse: 'collapse',
  width: '100%',
  '& th, & td': { borderBottom: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
  '& .n': { textAlign: 'right', whiteSpace: 'nowrap' },
} as const;
