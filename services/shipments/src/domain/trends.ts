// The customer trends widget (001 §2, §9): a customer's shipments and spend for Last 7 Days, This Month and
// Last Month. The days are calendar days in UTC; a shipment counts on the day it was booked (created), and a
// canceled one does not count (decision 0092). Pure: the ranges for a day; store/ counts within them.
import { CustomerTrendsRange } from '@loadline/contracts/catalogue';

export type TrendsRangeCode = (typeof CustomerTrendsRange.codes)[number];

export interface TrendsRange {
  range: TrendsRangeCode;
  name: string;
  /** first day, 'YYYY-MM-DD', inclusive */
  from: string;
  /** last day, inclusive */
  to: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

/** The three ranges as of `today` ('YYYY-MM-DD'): the 7 days ending today, this month so far, last month. */
export function trendsRanges(today: string): TrendsRange[] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const bounds: Record<TrendsRangeCode, [Date, Date]> = {
    Last7Days: [utc(y, m - 1, d - 6), utc(y, m - 1, d)],
    ThisMonth: [utc(y, m - 1, 1), utc(y, m - 1, d)],
    LastMonth: [utc(y, m - 2, 1), utc(y, m - 1, 0)],
  };
  return CustomerTrendsRange.entries.map((r) => ({
    range: r.code,
    name: r.name,
    from: day(bounds[r.code][0]),
    to: day(bounds[r.code][1]),
  }));
}
