// Exposed as carriers/CarrierCardPlugin (RemoteModuleIds.carrierCardPlugin): what the carriers remote adds
// to the carrier card (000 §2 item 2) of the edit-status modal and the shipment page, for broker staff:
// the carrier's score (000 §2 item 8), the carrier details preview with its regions map (000 §2 item 11,
// 001 §2), the terminal information (000 §2 item 7) and the leg audits (000 §4).
import { Button, type CarrierCardPluginProps, Group, Stack } from '@loadline/ui';
import { useState } from 'react';
import type { CarrierScore } from './api/types.ts';
import { CarrierPreviewModal } from './components/CarrierPreviewModal/index.ts';
import { CarrierScoreWidget } from './components/CarrierScoreWidget/index.ts';
import { LegAudits } from './components/LegAudits/index.ts';
import { TerminalModal } from './components/TerminalModal/index.ts';

export default function CarrierCardPlugin({ shipmentId, carrierMasterId }: CarrierCardPluginProps) {
  const [preview, setPreview] = useState(false);
  const [terminals, setTerminals] = useState(false);
  const [score, setScore] = useState<CarrierScore | null>(null);
  if (!carrierMasterId) return null;
  return (
    <Stack gap={4} data-plugin="carriers/CarrierCardPlugin">
      <CarrierScoreWidget carrierMasterId={carrierMasterId} compact score={score} />
      <Group gap="xs">
        <Button size="compact-xs" variant="light" onClick={() => setPreview(true)}>
          Carrier details
        </Button>
        <Button size="compact-xs" variant="default" onClick={() => setTerminals(true)}>
          Terminal information
        </Button>
      </Group>
      <LegAudits
        shipmentId={shipmentId}
        onRecorded={(answer) => setScore(answer.carrierScore as CarrierScore)}
      />
      <CarrierPreviewModal
        carrierMasterId={carrierMasterId}
        opened={preview}
        onClose={() => setPreview(false)}
      />
      <TerminalModal shipmentId={shipmentId} opened={terminals} onClose={() => setTerminals(false)} />
    </Stack>
  );
}
