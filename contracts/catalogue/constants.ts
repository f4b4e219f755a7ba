// Business constants and limits: spec 000 §9 (and the limits quoted in 000 §2, §4, §5), 001 §9 (and 001
// §2, §5, §7), 002 §9 (and 002 §3.1 equipment lengths and driver tracking frequencies).
// Durations carry their unit in the name. Enumeration-typed defaults live beside their enumeration
// (DEFAULT_NOTE_ACCESS_LEVEL in shipment.ts, default attachment access in attachments.ts); the freight-class
// scales and unit conversions are in freight-class.ts.

import { messages } from './messages.ts';
import { Country } from './regions.ts';

// ---------------------------------------------------------------------------------------------------------
// Shipment operations (000).

/** 000 §5, §9: duplicate pro number check only from 6 characters, 500 ms after the last edit. */
export const PRO_NUMBER_MIN_LENGTH = 6;
export const PRO_NUMBER_DUPLICATE_CHECK_WAIT_MS = 500;

/** 000 §2, §4, §9: the pickup-date-passed modal proposes a pickup 2 hours ahead. */
export const PICKUP_DATE_PASSED_WINDOW_HOURS = 2;

/** 000 §5, §9: default delivery estimated time 8:00 and close time 16:00 (as HH:mm). */
export const DEFAULT_DELIVERY_ESTIMATED_TIME = '08:00';
export const DEFAULT_DELIVERY_CLOSE_TIME = '16:00';
/** 000 §5: a missing time counts as 00:00 (also the date-time default of 001 §5). */
export const DEFAULT_MISSING_TIME = '00:00';
/** 000 §5, §9: transit days count weekdays only (Saturday and Sunday skipped). */
export const TRANSIT_DAYS_SKIP_WEEKENDS = true;

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Saturday or Sunday ('YYYY-MM-DD'). */
export function isWeekendDate(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

/**
 * 000 §5: the estimated delivery date = the pickup ready date ('YYYY-MM-DD') plus the transit days,
 * counting weekdays only. The one rule the edit-status form and the shipments service both apply.
 */
export function estimatedDeliveryDate(pickupReadyDate: string, transitDays: number): string {
  let date = pickupReadyDate.slice(0, 10);
  let left = Math.max(0, Math.floor(transitDays));
  while (left > 0) {
    date = addCalendarDays(date, 1);
    if (TRANSIT_DAYS_SKIP_WEEKENDS && isWeekendDate(date)) continue;
    left--;
  }
  return date;
}

/** 000 §2, §9: address map default centre (middle of the US) and zooms. */
export const MAP_DEFAULT_CENTER = Object.freeze({ latitude: 40.1451, longitude: -99.668 });
export const MAP_DEFAULT_ZOOM = 4;
export const MAP_LOCATED_ADDRESS_ZOOM = 16;
/** 000 §2, §9: lists with more than 2 locations use the wide map layout. */
export const WIDE_MAP_LAYOUT_ABOVE_LOCATION_COUNT = 2;

/** 000 §4, §9: a shipment created at least 1 year ago is year-old (archive option offered). */
export const YEAR_OLD_SHIPMENT_YEARS = 1;

/** 000 §4, §9: shipment activity page size (the latest 50 load first). */
export const SHIPMENT_ACTIVITY_PAGE_SIZE = 50;
/** 000 §7, §9: staff typeahead recordCount. */
export const STAFF_TYPEAHEAD_RECORD_COUNT = 8;
/** 000 §2, §9, 001 §9: zip search results capped at 25. */
export const ZIP_SEARCH_LIMIT = 25;

/** 000 §9: activity assignment delay options in minutes (1440 = 1 day, 2880 = 2 days, 10080 = 1 week). */
export const ACTIVITY_DELAY_OPTIONS_MINUTES: readonly number[] = Object.freeze([
  30, 60, 120, 240, 1440, 2880, 10080,
]);

/** 000 §5, §9: default pager page size 100; a size below 10 or missing becomes 100. */
export const DEFAULT_PAGER_PAGE_SIZE = 100;
export const PAGER_MIN_PAGE_SIZE = 10;
/** 000 §9: the pager shows up to 4 pages before and 5 after the current page. */
export const PAGER_PAGES_BEFORE = 4;
export const PAGER_PAGES_AFTER = 5;
/** 000 §4: the current page clamps to at least 1. */
export const PAGER_MIN_PAGE = 1;
/** 001 §9: pager page size in the shared widgets. */
export const WIDGET_PAGER_PAGE_SIZE = 200;

/** 000 §5: a page size below 10 or missing becomes 100. */
export function effectivePagerPageSize(pageSize: number | null | undefined): number {
  return typeof pageSize === 'number' && Number.isFinite(pageSize) && pageSize >= PAGER_MIN_PAGE_SIZE
    ? pageSize
    : DEFAULT_PAGER_PAGE_SIZE;
}

/**
 * 000 §4, §5, §9: the page a table pager asks for, clamped, never refused: a page below 1 is page 1, a page
 * size below 10 or missing is 100, one over the list's largest page is that page.
 */
export function pageOf(
  page: number | undefined,
  pageSize: number | undefined,
  maxPageSize: number,
): { page: number; pageSize: number; offset: number } {
  const p = Math.max(PAGER_MIN_PAGE, Math.floor(page ?? PAGER_MIN_PAGE));
  const size = Math.min(maxPageSize, Math.floor(effectivePagerPageSize(pageSize ?? DEFAULT_PAGER_PAGE_SIZE)));
  return { page: p, pageSize: size, offset: (p - 1) * size };
}

/** 000 §4, §9: progress tracker polls every 500 ms, first poll after 1000 ms. */
export const PROGRESS_POLL_INTERVAL_MS = 500;
export const PROGRESS_FIRST_POLL_MS = 1000;

/** 000 §9, 002 §9: insurance expiry warnings at 10 and 30 days. */
export const INSURANCE_EXPIRY_WARNING_DAYS: readonly number[] = Object.freeze([10, 30]);

/** 000 §2, §9, 001 §9: carrier star scores out of 5 stars. */
export const STAR_SCORE_MAX = 5;

/** 000 §9: row highlight animation 200 ms and 800 ms. */
export const ROW_HIGHLIGHT_ANIMATION_MS: readonly number[] = Object.freeze([200, 800]);

/** 000 §5, §9, 001 §5, §9: date and time formats. */
export const DATE_FORMAT = 'MM/DD/YYYY';
export const TIME_FORMAT = 'HH:mm';

/**
 * A 'YYYY-MM-DD' day, or a wall-clock 'YYYY-MM-DDTHH:mm…', as DATE_FORMAT (and TIME_FORMAT): what the
 * services write in messages, documents and files (the screens format with @loadline/ui's formatDate).
 * Anything else is given back as it is.
 */
export function formatUsDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!m) return value;
  const [, y, mo, d, hh, mm] = m;
  return hh === undefined ? `${mo}/${d}/${y}` : `${mo}/${d}/${y} ${hh}:${mm}`;
}
/** 000 §3: location time labels. */
export const LOCATION_TIME_LABEL_FORMAT = 'MM/DD HH:mm A';
/** 001 §9: the time picker is 24 hours. */
export const TIME_PICKER_HOURS = 24;

/** 000 §5: an empty zip sets the country to the USA. */
export const EMPTY_ZIP_DEFAULT_COUNTRY = Country.values.USA;

/** 000 §5: model validation errors are the 400 entries whose key contains 'model.'. */
export const MODEL_ERROR_KEY_MARKER = 'model.';

/** 000 §5: CSV export helper. */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';
export const CSV_LINE_ENDING = '\r\n';
export const CSV_FILE_EXTENSION = '.csv';
/** Commas inside values become spaces. */
export const CSV_COMMA_REPLACEMENT = ' ';

/** 000 §5: a tracking URL without an http prefix gets https added. */
export const TRACKING_URL_DEFAULT_SCHEME = 'https://';

export { NO_CACHE_HEADERS } from './http.ts';

// ---------------------------------------------------------------------------------------------------------
// Shared widgets (001).

/** 001 §2, §5, §9: universal search shows at most 12 results, reduced proportionally across kinds. */
export const UNIVERSAL_SEARCH_MAX_RESULTS = 12;
/** 001 §5, §9: a shipment search starts only when the query is longer than 3 characters. */
export const UNIVERSAL_SEARCH_TRIGGER_ABOVE_CHARS = 3;

/** The query (trimmed) is long enough to search shipments. */
export function shouldTriggerShipmentSearch(query: string): boolean {
  return query.trim().length > UNIVERSAL_SEARCH_TRIGGER_ABOVE_CHARS;
}

/** 001 §5: only non-numeric queries also search organizations and staff (a number is a shipment id). */
export function isNumericSearchQuery(query: string): boolean {
  return /^\d+$/.test(query.trim());
}

/** 001 §7, §9: bulk sends post in chunks of 50 (and stop on the first failing chunk). */
export const BULK_SEND_CHUNK_SIZE = 50;
/** 001 §7, §9: upload progress polled every 500 ms. */
export const UPLOAD_PROGRESS_POLL_MS = 500;

/** 001 §4, §9: presence reconnects every 5 s on failure. */
export const PRESENCE_RECONNECT_MS = 5000;
/** 001 §9: elapsed-time refresh 10 s. */
export const ELAPSED_TIME_REFRESH_MS = 10000;
/** 001 §9: default presence initials, 2 letters. */
export const PRESENCE_INITIALS_LENGTH = 2;
/** 001 §7: the realtime hub for page presence. */
export const PRESENCE_HUB_NAME = 'pageViewingHub';

/** 001 §9: a dismissed alert cookie lasts 21 days; at most 2 alerts are shown at first. */
export const DISMISSED_ALERT_COOKIE_DAYS = 21;
export const SYSTEM_ALERTS_SHOWN_FIRST = 2;
/** 001 §3: system alerts are written for the back office or the front office (customers). */
export const SYSTEM_ALERT_AREAS = ['backoffice', 'frontoffice'] as const;
export type SystemAlertArea = (typeof SYSTEM_ALERT_AREAS)[number];

/** 001 §9: the default invoice date option is the value '3' (today). */
export const DEFAULT_INVOICE_DATE_OPTION = '3';

/** 001 §9: the cancel button of a modal can be delayed 5 s. */
export const MODAL_CANCEL_DELAY_MS = 5000;

/** 001 §9: default import processing message (the text is defined in messages.ts). */
export const DEFAULT_IMPORT_PROCESSING_MESSAGE = messages.bulkImport.importingFiles;

/** 001 §9: anchor scroll offset. */
export const ANCHOR_SCROLL_OFFSET_PX = 56;
/** 001 §9: the phone validator polls every 100 ms. */
export const PHONE_VALIDATOR_POLL_MS = 100;
/** 001 §5: phone input default country and preferred countries. */
export const PHONE_DEFAULT_COUNTRY = 'US';
export const PHONE_PREFERRED_COUNTRIES: readonly string[] = Object.freeze(['US', 'CA']);

/** 001 §9: chart animation 500 ms; chart colour palette of 10 colours. */
export const CHART_ANIMATION_MS = 500;
export const CHART_PALETTE_SIZE = 10;

/** 001 §2, §9, 002 §3.5: accessorial id 46 means hazardous. */
export const HAZARDOUS_ACCESSORIAL_ID = 46;

/** 001 §2: statement link /Files/Print query t defaults to 103. */
export const STATEMENT_PRINT_DEFAULT_TYPE = 103;

/** 001 §5: sending email or fax. */
export const FAX_NUMBER_MIN_LENGTH = 10;
export const FAX_ALLOWED_EXTENSIONS: readonly string[] = Object.freeze([
  'pdf',
  'txt',
  'doc',
  'jpg',
  'png',
  'tif',
]);
/** Recipients are split on comma, semicolon or space. */
export const RECIPIENT_SEPARATOR_PATTERN = /[,; ]+/;

export function splitRecipients(value: string): string[] {
  return value.split(RECIPIENT_SEPARATOR_PATTERN).filter((part) => part.length > 0);
}

/** 001 §5: multiple-emails validator error key. */
export const MULTIPLE_EMAILS_ERROR_KEY = 'multipleEmails';

/** 001 §5: card payment. CVV is 3 digits, 4 for American Express; expiry years cover 21 years from now; the
 * total is rounded to 2 decimals. */
export const CARD_CVV_LENGTH = 3;
export const AMERICAN_EXPRESS_CVV_LENGTH = 4;
export const CARD_EXPIRY_YEAR_CHOICES = 21;
export const PAYMENT_TOTAL_DECIMALS = 2;

/** 001 §5: a percent filter rounds to one decimal; fuel percentage is (value - 1) * 100 with two decimals. */
export const PERCENT_FILTER_DECIMALS = 1;
export const FUEL_PERCENTAGE_DECIMALS = 2;

// ---------------------------------------------------------------------------------------------------------
// Catalogue (002).

/** 002 §9: tariff expiry bands. */
export const TARIFF_EXPIRY_BANDS_DAYS: readonly number[] = Object.freeze([30, 60]);
/** 002 §9: aging thresholds in days. */
export const AGING_THRESHOLDS_DAYS: readonly number[] = Object.freeze([15, 25, 30, 45, 60, 90, 120]);
/** 002 §3.1, §9: driver tracking frequency options in minutes. */
export const DRIVER_TRACKING_FREQUENCY_MINUTES: readonly number[] = Object.freeze([
  10, 20, 30, 45, 60, 120, 240, 360, 480, 720,
]);
/** 002 §3.1, 001 §3: equipment lengths in feet. */
export const EQUIPMENT_LENGTHS_FT: readonly number[] = Object.freeze([
  12, 24, 26, 28, 32, 36, 40, 48, 50, 53,
]);
/** 002 §9: the largest shipment-type flag. */
export const LARGEST_SHIPMENT_TYPE_FLAG = 2048;
/** 002 §9: approve-commission export threshold, over 500 results (what happens then is not shown). */
export const APPROVE_COMMISSION_EXPORT_THRESHOLD = 500;
