import { describe, expect, it } from 'vitest';
import * as C from '../constants.ts';

describe('business constants (000 §9, 001 §9, 002 §9)', () => {
  it('matches 000 §9', () => {
    expect(C.PRO_NUMBER_MIN_LENGTH).toBe(6);
    expect(C.PRO_NUMBER_DUPLICATE_CHECK_WAIT_MS).toBe(500);
    expect(C.PICKUP_DATE_PASSED_WINDOW_HOURS).toBe(2);
    expect(C.DEFAULT_DELIVERY_ESTIMATED_TIME).toBe('08:00');
    expect(C.DEFAULT_DELIVERY_CLOSE_TIME).toBe('16:00');
    expect(C.MAP_DEFAULT_CENTER).toEqual({ latitude: 40.1451, longitude: -99.668 });
    expect(C.MAP_DEFAULT_ZOOM).toBe(4);
    expect(C.MAP_LOCATED_ADDRESS_ZOOM).toBe(16);
    expect(C.YEAR_OLD_SHIPMENT_YEARS).toBe(1);
    expect(C.WIDE_MAP_LAYOUT_ABOVE_LOCATION_COUNT).toBe(2);
    expect(C.SHIPMENT_ACTIVITY_PAGE_SIZE).toBe(50);
    expect(C.STAFF_TYPEAHEAD_RECORD_COUNT).toBe(8);
    expect(C.ZIP_SEARCH_LIMIT).toBe(25);
    expect(C.ACTIVITY_DELAY_OPTIONS_MINUTES).toEqual([30, 60, 120, 240, 1440, 2880, 10080]);
    expect(C.DEFAULT_PAGER_PAGE_SIZE).toBe(100);
    expect(C.PAGER_MIN_PAGE_SIZE).toBe(10);
    expect(C.PAGER_PAGES_BEFORE).toBe(4);
    expect(C.PAGER_PAGES_AFTER).toBe(5);
    expect(C.PROGRESS_POLL_INTERVAL_MS).toBe(500);
    expect(C.PROGRESS_FIRST_POLL_MS).toBe(1000);
    expect(C.INSURANCE_EXPIRY_WARNING_DAYS).toEqual([10, 30]);
    expect(C.STAR_SCORE_MAX).toBe(5);
    expect(C.ROW_HIGHLIGHT_ANIMATION_MS).toEqual([200, 800]);
    expect(C.DATE_FORMAT).toBe('MM/DD/YYYY');
    expect(C.TIME_FORMAT).toBe('HH:mm');
    // the services' one formatter of those (000 §5, §9)
    expect(C.formatUsDate('2026-11-18')).toBe('11/18/2026');
    expect(C.formatUsDate('2026-12-07T16:00:00')).toBe('12/07/2026 16:00');
    expect(C.formatUsDate('not a date')).toBe('not a date');
  });

  it('applies the pager page-size rule', () => {
    expect(C.effectivePagerPageSize(undefined)).toBe(100);
    expect(C.effectivePagerPageSize(9)).toBe(100);
    expect(C.effectivePagerPageSize(10)).toBe(10);
    expect(C.effectivePagerPageSize(200)).toBe(200);
  });

  it('matches 001 §9', () => {
    expect(C.UNIVERSAL_SEARCH_MAX_RESULTS).toBe(12);
    expect(C.shouldTriggerShipmentSearch('123')).toBe(false);
    expect(C.shouldTriggerShipmentSearch('1234')).toBe(true);
    expect(C.BULK_SEND_CHUNK_SIZE).toBe(50);
    expect(C.UPLOAD_PROGRESS_POLL_MS).toBe(500);
    expect(C.PRESENCE_RECONNECT_MS).toBe(5000);
    expect(C.ELAPSED_TIME_REFRESH_MS).toBe(10000);
    expect(C.PRESENCE_INITIALS_LENGTH).toBe(2);
    expect(C.DISMISSED_ALERT_COOKIE_DAYS).toBe(21);
    expect(C.SYSTEM_ALERTS_SHOWN_FIRST).toBe(2);
    expect(C.WIDGET_PAGER_PAGE_SIZE).toBe(200);
    expect(C.DEFAULT_INVOICE_DATE_OPTION).toBe('3');
    expect(C.MODAL_CANCEL_DELAY_MS).toBe(5000);
    expect(C.DEFAULT_IMPORT_PROCESSING_MESSAGE).toBe('Importing Files...');
    expect(C.ANCHOR_SCROLL_OFFSET_PX).toBe(56);
    expect(C.PHONE_VALIDATOR_POLL_MS).toBe(100);
    expect(C.CHART_ANIMATION_MS).toBe(500);
    expect(C.CHART_PALETTE_SIZE).toBe(10);
    expect(C.HAZARDOUS_ACCESSORIAL_ID).toBe(46);
    expect(C.FAX_NUMBER_MIN_LENGTH).toBe(10);
    expect(C.FAX_ALLOWED_EXTENSIONS).toEqual(['pdf', 'txt', 'doc', 'jpg', 'png', 'tif']);
    expect(C.splitRecipients('a@x.com, b@x.com;c@x.com  d@x.com')).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
      'd@x.com',
    ]);
    expect(C.CARD_EXPIRY_YEAR_CHOICES).toBe(21);
    expect([C.CARD_CVV_LENGTH, C.AMERICAN_EXPRESS_CVV_LENGTH]).toEqual([3, 4]);
  });

  it('matches 002 §9', () => {
    expect(C.TARIFF_EXPIRY_BANDS_DAYS).toEqual([30, 60]);
    expect(C.AGING_THRESHOLDS_DAYS).toEqual([15, 25, 30, 45, 60, 90, 120]);
    expect(C.DRIVER_TRACKING_FREQUENCY_MINUTES).toEqual([10, 20, 30, 45, 60, 120, 240, 360, 480, 720]);
    expect(C.EQUIPMENT_LENGTHS_FT).toEqual([12, 24, 26, 28, 32, 36, 40, 48, 50, 53]);
    expect(C.LARGEST_SHIPMENT_TYPE_FLAG).toBe(2048);
    expect(C.APPROVE_COMMISSION_EXPORT_THRESHOLD).toBe(500);
  });
});
