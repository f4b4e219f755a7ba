import { ShipmentStatus, TransitLegType } from '@loadline/contracts';
import { Button, Group, Stack, Text, useLoad } from '@loadline/ui';
import { useState } from 'react';
import { getAuditQuestions, getShipmentAudits } from '../../api/carriers.ts';
import { useCarriersApi } from '../../api/client.ts';
import type { AuditQuestion, AuditRecorded, CarrierLeg } from '../../api/types.ts';
import { type AuditCategory, AuditModal } from '../AuditModal/index.ts';
import { Stars } from '../Stars/index.ts';

export interface LegAuditsProps {
  shipmentId: number;
  /** after an audit: the carrier's new score */
  onRecorded?: (answer: AuditRecorded) => void;
}

const noLegs: CarrierLeg[] = [];
const noQuestions: AuditQuestion[] = [];

type Editing = { leg: CarrierLeg; category: AuditCategory } | null;

/**
 * The leg audits of a shipment (000 §4 leg audit visibility): a pickup audit on linehaul legs at In
 * Transit or beyond, a delivery audit at Delivered or beyond, each recorded or to be added. The service
 * answers which are shown by the catalogue's rule (`legAuditShown`); legs showing none list nothing.
 */
export function LegAudits({ shipmentId, onRecorded }: LegAuditsProps) {
  const client = useCarriersApi();
  const [editing, setEditing] = useState<Editing>(null);
  // The audits, again after one is recorded (reload); the questions once. A failed read shows nothing.
  const audits = useLoad(['shipmentAudits', shipmentId], () => getShipmentAudits(client, shipmentId));
  const questionsLoad = useLoad('auditQuestions', () => getAuditQuestions(client));
  const legs: CarrierLeg[] = audits.last?.legs ?? noLegs;
  const questions: AuditQuestion[] = questionsLoad.last ?? noQuestions;

  const shown = legs.filter((l) => l.pickupAuditShown || l.deliveryAuditShown);
  if (shown.length === 0 || questions.length === 0) return null;
  const several = shown.length > 1;

  return (
    <Stack gap={4} role="group" aria-label="Leg audits">
      {shown.map((leg) =>
        (['Pickup', 'Delivery'] as const).map((category) => {
          const visible = category === 'Pickup' ? leg.pickupAuditShown : leg.deliveryAuditShown;
          if (!visible) return null;
          const audit = category === 'Pickup' ? leg.pickupAudit : leg.deliveryAudit;
          const name = `${category} audit${several ? ` (${TransitLegType.nameOf(leg.transitType)} ${ShipmentStatus.nameOf(leg.status) ?? ''})` : ''}`;
          return (
            <Group key={`${leg.transitLegId}-${category}`} gap="xs" justify="space-between" wrap="nowrap">
              <Text size="xs">{name}</Text>
              {audit ? (
                <Group gap={4} wrap="nowrap">
                  <Stars stars={Math.round(audit.score * 2) / 2} size={12} />
                  <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ leg, category })}>
                    Edit
                  </Button>
                </Group>
              ) : (
                <Button size="compact-xs" variant="light" onClick={() => setEditing({ leg, category })}>
                  {`Add ${category.toLowerCase()} audit`}
                </Button>
              )}
            </Group>
          );
        }),
      )}
      {editing && (
        <AuditModal
          opened
          onClose={() => setEditing(null)}
          shipmentId={shipmentId}
          leg={editing.leg}
          category={editing.category}
          questions={questions.filter((q) => q.category === editing.category)}
          answers={
            (editing.category === 'Pickup' ? editing.leg.pickupAudit : editing.leg.deliveryAudit)?.answers
          }
          onRecorded={(answer) => {
            audits.reload();
            onRecorded?.(answer);
          }}
        />
      )}
    </Stack>
  );
}
