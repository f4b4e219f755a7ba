// What day it is for the carriers service: insurance statuses and compliance are worked out for a day
// ('YYYY-MM-DD', the UTC date). Tests set the day.
import { utcDate } from '../domain/insurance.ts';

export interface Clock {
  today(): string;
}

export const systemClock: Clock = { today: () => utcDate(new Date()) };
