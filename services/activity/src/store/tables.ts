// The activity schema as Kysely sees it: the three logs, the staff assignments (001 §3 favorites), the
// archive, and the read models kept from other services' events.
import type { PlatformTables } from '@loadline/platform';
import type { Generated } from 'kysely';
import type { ShipmentEntry } from '../domain/shipment-entry.ts';

/**
 * A shipment activity entry's columns (the domain's ShipmentEntry, 000 §3 Shipment activity), with the ones
 * the database fills by default; the archive table has the same columns.
 */
export type ShipmentActivityRow = Omit<
  ShipmentEntry,
  'activity_id' | 'pinned' | 'is_assignment' | 'assign_to_team' | 'created_at' | 'version' | 'archived_at'
> & {
  activity_id: Generated<number>;
  pinned: Generated<boolean>;
  is_assignment: Generated<boolean>;
  assign_to_team: Generated<boolean>;
  created_at: Generated<Date>;
  version: Generated<number>;
};

export interface ActivityTables extends PlatformTables {
  shipment_activity: ShipmentActivityRow;
  shipment_activity_archive: Omit<ShipmentActivityRow, 'activity_id'> & {
    activity_id: number;
    archived_at: Generated<Date>;
  };
  staff_assignment: {
    assignment_id: Generated<number>;
    shipment_id: number;
    broker_id: string;
    /** a staff user id, or the team key (`team`) for a team assignment */
    assignee: string;
    is_team: boolean;
    status: 'Inactive' | 'Active' | 'Complete';
    delay_minutes: number;
    due_at: Date;
    assigned_at: Date | null;
    completed_at: Date | null;
    activity_id: number | null;
    organization_id: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    updated_by_name: string;
    version: Generated<number>;
  };
  organization_activity: {
    activity_id: Generated<number>;
    organization_id: string;
    broker_id: string;
    activity_type: number;
    preset_collection_note: number | null;
    preset_onboarding_note: number | null;
    description: string;
    access_level: number;
    user_id: string;
    user_name: string;
    created_at: Generated<Date>;
    last_updated: Generated<Date>;
    demo_key: string | null;
  };
  carrier_activity: {
    activity_id: Generated<number>;
    carrier_master_id: string;
    broker_id: string;
    activity_type: string;
    description: string;
    access_level: number;
    user_id: string;
    user_name: string;
    created_at: Generated<Date>;
    demo_key: string | null;
  };
  /** shipments as the shipments service publishes them (shipment.updated; status.changed and note.added fill gaps) */
  shipment_read: {
    shipment_id: number;
    broker_id: string;
    customer_organization_id: string;
    status: number | null;
    consolidation_parent_id: number | null;
    /** the delivery stop's actual arrival, else when the shipment was first seen delivered */
    delivered_at: Date | null;
    created_date: Date | null;
    version: number;
  };
  /** organizations as the directory publishes them (organization.changed) */
  organization_read: {
    organization_id: string;
    /** the broker (LSP) it belongs to; an LSP's own id for an LSP */
    broker_id: string;
    organization_type: number;
    name: string;
    active: boolean;
    version: number;
  };
  /** users as the directory publishes them (user.changed): assignees and their names */
  user_read: {
    user_id: string;
    broker_id: string;
    kind: string;
    name: string;
    email: string;
    permissions: number;
    active: boolean;
    version: number;
  };
}
