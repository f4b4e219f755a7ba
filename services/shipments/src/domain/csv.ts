// The dates and times of the shipments service's CSV files: MM/DD/YYYY and HH:mm (000 §5, §9). The file
// itself is written by the platform's one CSV helper (@loadline/platform/csv). Pure.

import { formatUsDate } from '@loadline/contracts/catalogue';

/** 'YYYY-MM-DDTHH:mm:ss' (a wall-clock time at a stop) as 'MM/DD/YYYY HH:mm': the catalogue's formatUsDate. */
export const formatLocalDateTime = formatUsDate;

/** An instant (ISO with zone) as 'MM/DD/YYYY HH:mm' in UTC. */
export function formatUtcDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatLocalDateTime(date.toISOString());
}
