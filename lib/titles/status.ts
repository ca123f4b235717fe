// The life of an electronic title before SEP: DRAFT → SIGNED → SENT → ACCEPTED / REJECTED, an
// accepted one CANCELLED at SEP. A rejected title is corrected and signed again; a signed one not yet
// sent may have its signature voided (back to DRAFT, its seals dropped) to correct a typo. Each step is one
// TitleLog row; the record's data changes only in DRAFT or REJECTED (a signed one carries seals over
// it). Pure: the actions ask it before they touch anything, the screen asks it which buttons to show.

export const TITLE_STATUSES = ['DRAFT', 'SIGNED', 'SENT', 'ACCEPTED', 'REJECTED', 'CANCELLED'] as const;
export type TitleStatus = (typeof TITLE_STATUSES)[number];

/** What can happen to a title, and from which statuses. */
export const TITLE_STEPS = {
  sign: { from: ['DRAFT', 'REJECTED'], to: 'SIGNED' },
  send: { from: ['SIGNED'], to: 'SENT' },
  // Until SEP has it, a signature can be undone: once sent, SEP's answer decides.
  void: { from: ['SIGNED'], to: 'DRAFT' },
  accept: { from: ['SENT'], to: 'ACCEPTED' },
  reject: { from: ['SENT'], to: 'REJECTED' },
  cancel: { from: ['ACCEPTED'], to: 'CANCELLED' },
} as const satisfies Record<string, { from: readonly TitleStatus[]; to: TitleStatus }>;

export type TitleStep = keyof typeof TITLE_STEPS;

/** The status after a step, or null when the title's status does not allow it. */
export function nextStatus(status: TitleStatus, step: TitleStep): TitleStatus | null {
  const rule = TITLE_STEPS[step];
  return (rule.from as readonly TitleStatus[]).includes(status) ? rule.to : null;
}

/** The steps a title in this status may take (the screen's buttons). */
export function stepsFrom(status: TitleStatus): TitleStep[] {
  return (Object.keys(TITLE_STEPS) as TitleStep[]).filter((step) => nextStatus(status, step) !== null);
}

/** Whether the record's data may be edited (or the record deleted). */
export function isEditable(status: TitleStatus): boolean {
  return status === 'DRAFT' || status === 'REJECTED';
}

/** Whether a title has a signed XML to hand over (export_xml, download_zip). */
export function hasSignedXml(status: TitleStatus): boolean {
  return status !== 'DRAFT';
}
