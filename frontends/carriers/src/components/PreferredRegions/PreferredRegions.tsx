import { PreferredRegionType, type PreferredRegionTypeValue } from '@loadline/contracts';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@loadline/ui';
import { useEffect, useMemo, useState } from 'react';
import type { MasterStateRegions, PreferredRegion } from '../../api/types.ts';
import {
  directionBadgeColours,
  directionColours,
  stateDirections,
  withRegionChoice,
} from '../../rules/regions.ts';
import { RegionsMap } from '../RegionsMap/index.ts';

export interface PreferredRegionsProps {
  master: MasterStateRegions;
  preferred: readonly PreferredRegion[];
  /** edits allowed (LSP Carrier Add/Edit, 001 §6) */
  canEdit: boolean;
  /** saves the whole list; resolves when the preview has the new details */
  onSave?: (regions: { regionId: number; type: number }[]) => Promise<boolean>;
  mapHeight?: number;
}

/**
 * A broker carrier's preferred regions (001 §3): the US map (001 §2) with its legend, the list by region
 * (Canada and Mexico have no state geometry on the map: they are listed), and with LSP Carrier Add/Edit an
 * editor choosing Inbound, Outbound or Both for each region.
 */
export function PreferredRegions({
  master,
  preferred,
  canEdit,
  onSave,
  mapHeight = 280,
}: PreferredRegionsProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<{ regionId: number; type: number }[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!editing) setDraft(preferred.map((p) => ({ regionId: p.regionId, type: p.type })));
  }, [preferred, editing]);
  const shown = editing ? draft : preferred;
  const directions = useMemo(() => stateDirections(master, shown), [master, shown]);
  const typeOf = (regionId: number) =>
    shown.find((p) => p.regionId === regionId)?.type as PreferredRegionTypeValue | undefined;

  return (
    <Paper withBorder p="sm" role="region" aria-label="Preferred regions">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={6}>Preferred regions</Title>
          <Group gap="xs" aria-label="Legend" role="list">
            {PreferredRegionType.entries.map((t) => (
              <Group gap={4} key={t.value} role="listitem">
                <span
                  aria-hidden="true"
                  style={{ width: 12, height: 12, borderRadius: 2, background: directionColours[t.value] }}
                />
                <Text size="xs">{t.name}</Text>
              </Group>
            ))}
          </Group>
        </Group>
        <RegionsMap directions={directions} height={mapHeight} />
        <Table fz="sm" verticalSpacing={2} aria-label="Regions">
          <Table.Tbody>
            {master.regions.map((region) => {
              const type = typeOf(region.regionId);
              return (
                <Table.Tr key={region.regionId}>
                  <Table.Td>{region.name}</Table.Td>
                  <Table.Td c="dimmed" fz="xs">
                    {region.states.map((s) => s.code).join(', ')}
                  </Table.Td>
                  <Table.Td>
                    {editing ? (
                      <select
                        aria-label={`${region.name} direction`}
                        value={type ?? ''}
                        onChange={(e) => {
                          // Read now: the event's target is gone when React runs the updater.
                          const value = e.currentTarget.value;
                          const choice = value === '' ? null : (Number(value) as PreferredRegionTypeValue);
                          setDraft((d) => withRegionChoice(d, region.regionId, choice));
                        }}
                        disabled={saving}
                      >
                        <option value="">Not preferred</option>
                        {PreferredRegionType.entries.map((t) => (
                          <option key={t.value} value={t.value}>
                            {t.name}
                          </option>
                        ))}
                      </select>
                    ) : type ? (
                      <Badge size="sm" variant="light" color={directionBadgeColours[type]}>
                        {PreferredRegionType.nameOf(type)}
                      </Badge>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {canEdit && onSave && (
          <Group justify="flex-end" gap="xs">
            {editing ? (
              <>
                <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={saving}>
                  Cancel
                </Button>
                <Button
                  size="xs"
                  loading={saving}
                  onClick={() => {
                    setSaving(true);
                    void onSave(draft).then((saved) => {
                      setSaving(false);
                      if (saved) setEditing(false);
                    });
                  }}
                >
                  Save regions
                </Button>
              </>
            ) : (
              <Button size="xs" variant="light" onClick={() => setEditing(true)}>
                Edit regions
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
