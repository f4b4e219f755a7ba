// Whom an assignment goes to (000 §4): the staff typeahead (GET /api/brokerStaff/typeahead, 8 results,
// 000 §7, §9), or the broker's team.
import { messages } from '@loadline/contracts';
import { Button, Group, Stack, Text, TextInput, toast, useDebouncedValue, useLoad } from '@loadline/ui';
import { useState } from 'react';
import type { ActivityCalls } from '../../api/client.ts';
import type { Assignee } from '../../rules/log.ts';

/** The wait after the last keystroke before searching (ours, as the universal search's). */
const TYPEAHEAD_WAIT_MS = 300;

export interface StaffTypeaheadProps {
  calls: ActivityCalls;
  value: Assignee | 'team' | null;
  onChange: (value: Assignee | 'team' | null) => void;
  disabled?: boolean;
}

export function StaffTypeahead({ calls, value, onChange, disabled = false }: StaffTypeaheadProps) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), TYPEAHEAD_WAIT_MS);
  const search = useLoad(
    debounced === '' ? null : ['staffTypeahead', debounced],
    () => calls.staffTypeahead(debounced),
    {
      onFailed: () => toast.error(messages.search.unableToSearch('staff')),
    },
  );
  // What the last search found stays listed while the next one runs (and after a failed one).
  const found: Assignee[] = (search.last ?? []).map((s) => ({ staffId: s.staffId, name: s.name }));

  if (value !== null) {
    return (
      <Group gap="xs">
        <Text size="sm">{`Assign to ${value === 'team' ? 'Team' : value.name}`}</Text>
        <Button size="compact-xs" variant="subtle" onClick={() => onChange(null)} disabled={disabled}>
          Change
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end">
        <TextInput
          size="xs"
          label="Assign to"
          placeholder="Staff name or email"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          disabled={disabled}
        />
        <Button size="compact-sm" variant="default" onClick={() => onChange('team')} disabled={disabled}>
          Team
        </Button>
      </Group>
      {found.length > 0 && (
        <div role="listbox" aria-label="Staff found">
          {found.map((s) => (
            <Button
              key={s.staffId}
              role="option"
              aria-selected={false}
              size="compact-xs"
              variant="subtle"
              display="block"
              onClick={() => onChange(s)}
              disabled={disabled}
            >
              {s.name}
            </Button>
          ))}
        </div>
      )}
    </Stack>
  );
}
