// One entry of the shipment activity log (000 §3 shipment activity, §4): when, type, who, the text, its
// assignment or email, and for staff the access-level cycle through the server, the pin toggle, and the email
// activity's reassignment and dismissal.
import { AccessLevel, messages, nextAccessLevelFor } from '@loadline/contracts';
import { Badge, Button, formatDateTime, Group, Text, toast } from '@loadline/ui';
import { useState } from 'react';
import type { ActivityCalls } from '../../api/client.ts';
import type { ShipmentActivity } from '../../api/types.ts';
import { EntryCard } from '../EntryCard/index.ts';

export interface ActivityEntryProps {
  entry: ShipmentActivity;
  calls: ActivityCalls;
  /** Staff change entries; the front office only reads them. */
  canChange: boolean;
  adminAllowed: boolean;
  onChanged: (entry: ShipmentActivity) => void;
  /** The email activity's reassignment or dismissal modal, asked for by this entry. */
  onEmailAction?: (entry: ShipmentActivity, action: 'reassign' | 'dismiss') => void;
}

const levelColor = (level: number) =>
  level === AccessLevel.values.Public ? 'green' : level === AccessLevel.values.Admin ? 'red' : 'gray';

function assignmentLine(entry: ShipmentActivity): string | null {
  if (!entry.isAssignment) return null;
  const who = entry.isTeam ? 'Team' : entry.assignToStaffName;
  if (entry.isAssigned) return who ? `Assigned to ${who}` : 'Assigned';
  const due = formatDateTime(entry.assignmentDueDate);
  return `${who ? `Scheduled for ${who}` : 'Scheduled'}${due ? ` · due ${due}` : ''}`;
}

export function ActivityEntry({
  entry,
  calls,
  canChange,
  adminAllowed,
  onChanged,
  onEmailAction,
}: ActivityEntryProps) {
  const [busy, setBusy] = useState(false);
  const level = AccessLevel.nameOf(entry.accessLevel) ?? String(entry.accessLevel);
  const changeable = canChange && !entry.isArchived;
  const assignment = assignmentLine(entry);

  // 000 §4: the level cycles Public, Private, Admin through the server; the row updates from the result.
  async function cycleLevel() {
    setBusy(true);
    const answer = await calls.setAccessLevel(entry.id, nextAccessLevelFor(entry.accessLevel, adminAllowed));
    setBusy(false);
    if (!answer.ok) {
      toast.error(messages.activities.accessLevelChangeFailed);
      return;
    }
    onChanged(answer.data);
    toast.success(messages.activities.accessLevelUpdated);
  }

  async function togglePin() {
    setBusy(true);
    const answer = await calls.togglePinned(entry.id, entry.shipmentId, !entry.pinned);
    setBusy(false);
    if (!answer.ok) {
      toast.error(messages.common.genericError);
      return;
    }
    onChanged(answer.data);
  }

  return (
    <EntryCard
      typeName={entry.activityTypeName}
      userName={entry.userName}
      createdDate={entry.createdDate}
      description={entry.description}
      badges={
        <>
          {entry.isArchived && (
            <Badge size="xs" color="gray" variant="outline">
              Archived
            </Badge>
          )}
          {entry.pushedFromShipmentId !== null && (
            <Text size="xs" c="dimmed">{`from shipment ${entry.pushedFromShipmentId}`}</Text>
          )}
          {!changeable && entry.pinned && (
            <Badge size="xs" color="orange" variant="light">
              Pinned
            </Badge>
          )}
        </>
      }
      actions={
        changeable ? (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="light"
              color={levelColor(entry.accessLevel)}
              aria-label={`Access level ${level}: change`}
              onClick={() => void cycleLevel()}
              disabled={busy}
            >
              {level}
            </Button>
            <Button
              size="compact-xs"
              variant={entry.pinned ? 'filled' : 'default'}
              color="orange"
              aria-pressed={entry.pinned}
              onClick={() => void togglePin()}
              disabled={busy}
            >
              {entry.pinned ? 'Pinned' : 'Pin'}
            </Button>
          </Group>
        ) : (
          canChange && (
            <Badge size="xs" variant="outline" color={levelColor(entry.accessLevel)}>
              {level}
            </Badge>
          )
        )
      }
    >
      {assignment && (
        <Text size="xs" c={entry.isAssigned ? 'teal' : 'blue'}>
          {assignment}
        </Text>
      )}
      {entry.email && (
        <Group gap="xs">
          <Text size="xs" c="dimmed">{`Email from ${entry.email.name} · ${entry.email.type}`}</Text>
          {changeable && onEmailAction && (
            <>
              <Button size="compact-xs" variant="subtle" onClick={() => onEmailAction(entry, 'reassign')}>
                Reassign
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => onEmailAction(entry, 'dismiss')}
              >
                Dismiss
              </Button>
            </>
          )}
        </Group>
      )}
    </EntryCard>
  );
}
