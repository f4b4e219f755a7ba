import { Group, Loader, Paper, Stack, Table, Text, Title, useLoad } from '@loadline/ui';
import { getCarrierScore } from '../../api/carriers.ts';
import { useCarriersApi } from '../../api/client.ts';
import type { CarrierScore } from '../../api/types.ts';
import { auditCountText } from '../../rules/stars.ts';
import { Stars } from '../Stars/index.ts';

export interface CarrierScoreWidgetProps {
  carrierMasterId: string;
  /** one line: the overall stars and the audit count (the carrier card); else the three scores */
  compact?: boolean;
  /** a score the caller already has (e.g. just after an audit): shown without asking again */
  score?: CarrierScore | null;
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; score: CarrierScore };

/** What the widget says when the score cannot be read (ours: the spec quotes no text). */
export const SCORE_UNAVAILABLE_TEXT = 'Carrier score unavailable';

/**
 * The carrier score widget (000 §2 item 8): overall, pickup and delivery star scores out of 5 stars, with
 * the actual scores and audit counts (000 §3 carrier score).
 */
export function CarrierScoreWidget({ carrierMasterId, compact = false, score }: CarrierScoreWidgetProps) {
  const client = useCarriersApi();
  // A score the caller gives is shown as it is; otherwise it is read.
  const read = useLoad(score ? null : ['carrierScore', carrierMasterId], () =>
    getCarrierScore(client, carrierMasterId),
  );
  const load: Load = score
    ? { state: 'loaded', score }
    : read.state === 'loaded'
      ? { state: 'loaded', score: read.data }
      : read.state === 'failed'
        ? { state: 'failed' }
        : { state: 'loading' };

  if (load.state === 'loading') return <Loader size="xs" aria-label="Loading the carrier score" />;
  if (load.state === 'failed')
    return (
      <Text size="xs" c="dimmed">
        {SCORE_UNAVAILABLE_TEXT}
      </Text>
    );
  const s = load.score;
  if (compact)
    return (
      <Group gap={6} wrap="nowrap" aria-label="Carrier score" role="group">
        <Stars stars={s.starScore} />
        <Text size="xs" c="dimmed">
          {s.actualScore === null ? 'Not rated' : s.actualScore.toFixed(2)} ·{' '}
          {auditCountText(s.totalAuditCount)}
        </Text>
      </Group>
    );
  const rows = [
    { label: 'Overall', stars: s.starScore, actual: s.actualScore, count: s.totalAuditCount },
    { label: 'Pickup', stars: s.pickupStarScore, actual: s.actualPickupScore, count: s.pickupAuditCount },
    {
      label: 'Delivery',
      stars: s.deliveryStarScore,
      actual: s.actualDeliveryScore,
      count: s.deliveryAuditCount,
    },
  ];
  return (
    <Paper withBorder p="sm" role="region" aria-label="Carrier score">
      <Stack gap={4}>
        <Title order={6}>Carrier score</Title>
        <Table withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.label} aria-label={`${r.label} score`}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td>
                  <Stars stars={r.stars} />
                </Table.Td>
                <Table.Td>{r.actual === null ? 'Not rated' : r.actual.toFixed(2)}</Table.Td>
                <Table.Td c="dimmed">{auditCountText(r.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
