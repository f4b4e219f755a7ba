// 000 §5: dates MM/DD/YYYY, times HH:mm; an entry's time is shown in the browser's time. Pure.

const two = (n: number) => String(n).padStart(2, '0');

/** '2026-11-23T15:04:00Z' → '11/23/2026 10:04' (in the browser's zone); '' when it is not a date. */
export function activityDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
