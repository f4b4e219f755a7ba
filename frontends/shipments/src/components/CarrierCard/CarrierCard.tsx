import { messages, TransitLegType } from '@loadline/contracts';
import { formatPhone } from '@loadline/contracts/rules/phone';
import {
  Button,
  type CarrierCardPluginProps,
  Group,
  Paper,
  RemoteModuleIds,
  RemotePage,
  Stack,
  Text,
  Title,
  useOptionalShellRuntime,
} from '@loadline/ui';
import type { ReactNode } from 'react';
import type { ReferenceNumber } from '../../api/types.ts';
import { carrierCardReferenceCodes, isPhoneReference, referenceValue } from '../../rules/references.ts';
import { carrierPickerTexts, legHasCarrier } from '../CarrierPickerModal/index.ts';

export interface CarrierCardProps {
  leg: {
    transitLegId: string;
    transitType: number;
    carrierMasterId?: string | null;
    carrierMasterName: string | null;
    carrierPhone: string | null;
    scac: string | null;
  } | null;
  references: readonly ReferenceNumber[];
  /** Inputs the edit-status modal adds (pro number, tracking reference, tracking link). */
  children?: ReactNode;
  /**
   * The shipment, for broker staff: the carriers remote plugs its score, carrier details preview, terminal
   * information and leg audits into the card (carriers/CarrierCardPlugin). Left out for customers; outside a
   * shell (this remote's harness, its tests) nothing plugs in.
   */
  shipmentId?: number;
  /** Broker staff: opens the carrier picker (decision 0117). */
  onChangeCarrier?: () => void;
}

/**
 * The carrier card (000 §2 item 2): the active leg's carrier and phone, 'No Carrier' and 'No Carrier
 * Phone' when missing, its SCAC and the driver and equipment references.
 */
export function CarrierCard({ leg, references, children, shipmentId, onChangeCarrier }: CarrierCardProps) {
  const shell = useOptionalShellRuntime();
  const name = leg?.carrierMasterName?.trim();
  // 001 §5: phones read as (AAA) BBB-CCCC ext N, however they were typed.
  const phone = formatPhone(leg?.carrierPhone);
  const lines = carrierCardReferenceCodes
    .map(({ code, name: label }) => {
      const value = referenceValue(references, code, leg?.transitLegId);
      return { label, value: isPhoneReference(code) ? formatPhone(value) : value };
    })
    .filter((l) => l.value !== '');
  return (
    <Paper withBorder p="sm" role="region" aria-label="Carrier">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={5}>{name || messages.shipment.noCarrier}</Title>
          {leg && (
            <Text size="xs" c="dimmed">
              {TransitLegType.nameOf(leg.transitType) ?? ''}
              {leg.scac ? ` · ${leg.scac}` : ''}
            </Text>
          )}
        </Group>
        {leg && onChangeCarrier && (
          <Group>
            <Button size="compact-xs" variant="light" onClick={onChangeCarrier}>
              {legHasCarrier(leg) ? carrierPickerTexts.change : carrierPickerTexts.assign}
            </Button>
          </Group>
        )}
        <Text size="sm">{phone || messages.shipment.noCarrierPhone}</Text>
        {lines.map((l) => (
          <Text size="sm" key={l.label}>
            <Text span c="dimmed" size="sm">
              {l.label}:{' '}
            </Text>
            {l.value}
          </Text>
        ))}
        {shell && shipmentId !== undefined && leg?.carrierMasterId && (
          <RemotePage<CarrierCardPluginProps>
            name="Carrier score"
            id={RemoteModuleIds.carrierCardPlugin}
            props={{ shipmentId, carrierMasterId: leg.carrierMasterId }}
          />
        )}
        {children}
      </Stack>
    </Paper>
  );
}
