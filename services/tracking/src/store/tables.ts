// The tracking schema as Kysely sees it.
import type { PlatformTables } from '@loadline/platform';
import type { Generated } from 'kysely';

export interface Place {
  companyName: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
}

interface LocationColumns {
  shipment_id: number;
  location_type: number;
  latitude: number | null;
  longitude: number | null;
  location_string_full: string;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  country: string | null;
  location_date_time: Date;
  utc_offset_minutes: number | null;
  source: string;
  added_by_user_id: string | null;
  added_by_name: string | null;
  created_at: Generated<Date>;
}

export interface TrackingTables extends PlatformTables {
  shipment: {
    shipment_id: number;
    broker_id: string;
    customer_organization_id: string;
    status: number;
    shipment_type: number;
    created_date: Date;
    origin_utc_offset_minutes: number | null;
    origin: Place | null;
    destination: Place | null;
    pickup_at: Date | null;
    delivery_at: Date | null;
    driver_cell_phone: string | null;
    pro_number: string | null;
    scac: string | null;
    api_tracking: Generated<boolean>;
    integration_source_id: number | null;
    past_delivered_at: Date | null;
    version: number;
  };
  location: LocationColumns & {
    location_id: Generated<number>;
    /** the shipment.updated a status update's check call came from (migration 0004) */
    source_event_id: string | null;
  };
  location_archive: LocationColumns & { location_id: number; archived_at: Generated<Date> };
  driver_location_request: {
    request_id: string;
    shipment_id: number;
    cell_phone: string;
    requested_by_user_id: string;
    requested_by_name: string;
    created_at: Generated<Date>;
    expires_at: Date;
    sent_at: Date | null;
    used_at: Date | null;
    location_id: number | null;
  };
  text_message: {
    message_id: Generated<number>;
    to_number: string;
    body: string;
    reference: string;
    sent_at: Generated<Date>;
  };
}
