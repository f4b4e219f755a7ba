// The importer's mapping step (001 §2: "a mapping step when headers differ"; decision 0097): each header of the
// file the service did not match gets a choice of the template's columns, or is left out; the service checks
// the file again with the mapping and says what it makes of it.
import { Button, Group, SelectField, Stack, Text } from '@loadline/ui';
import { useState } from 'react';
import type { BulkProcess } from './api.ts';

export const leaveOut = 'Leave out';

export function ColumnMapping({
  process,
  onMap,
}: {
  process: BulkProcess;
  onMap: (mapping: Record<string, string>) => Promise<void>;
}) {
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  if (process.unknownHeaders.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Map the columns">
      <Text size="sm" fw={500}>
        These columns of the file match no column of the template. Say which column each holds, or leave it
        out, and the file is checked again.
      </Text>
      <Group align="flex-start">
        {process.unknownHeaders.map((header) => (
          <SelectField
            key={header}
            label={header}
            value={choices[header] ?? ''}
            placeholder={leaveOut}
            choices={process.templateColumns.map((c) => ({ value: c, name: c }))}
            onChange={(column) => setChoices((current) => ({ ...current, [header]: column }))}
          />
        ))}
      </Group>
      <div>
        <Button
          loading={sending}
          onClick={async () => {
            setSending(true);
            // the headers not chosen are left out; earlier choices stay
            const mapping = { ...process.columnMapping };
            for (const header of process.unknownHeaders) mapping[header] = choices[header] ?? '';
            await onMap(mapping);
            setSending(false);
          }}
        >
          Check the file again with these columns
        </Button>
      </div>
    </Stack>
  );
}
