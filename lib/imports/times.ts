// A class hour typed in a spreadsheet: "7:00", "07:00", "7:00:00", "7.30", "7:00 pm", or the
// fraction of a day Excel stores for a time (0.2916… is 07:00). Answers "HH:MM:SS", as the API
// takes and answers a schedule's hours, or null when the text is not a time of day. Pure.

const pad = (value: number) => String(value).padStart(2, '0');

export function readTime(raw: string | number | null): string | null {
  if (raw === null) return null;
  if (typeof raw === 'number' || /^0?\.\d+$/.test(String(raw).trim())) {
    const fraction = Number(raw);
    if (!Number.isFinite(fraction) || fraction < 0 || fraction >= 1) return null;
    const seconds = Math.round(fraction * 86_400);
    return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  }
  const match = /^(\d{1,2})[:.](\d{2})(?::(\d{2}))?\s*(a\.?\s?m\.?|p\.?\s?m\.?)?$/i.exec(raw.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3] ?? 0);
  const half = match[4]?.toLowerCase().replace(/[\s.]/g, '');
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return `${pad(hour)}:${pad(minute)}:${pad(second)}`;
}
