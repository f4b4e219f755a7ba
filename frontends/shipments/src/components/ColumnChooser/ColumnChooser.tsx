import { messages } from '@loadline/contracts';
import { Button, Group, Modal, modalSizes, ScrollArea, Text, useUnsavedChangesGuard } from '@loadline/ui';
import { useEffect, useState } from 'react';
import type { GridColumn } from '../../api/types.ts';
import { orderedChoice } from '../../rules/gridColumns.ts';

export interface ColumnChooserProps {
  opened: boolean;
  /** Every column the user may choose, in the grid's order. */
  available: readonly GridColumn[];
  /** The user's columns (codes). */
  columns: readonly string[];
  /** The default columns (codes). */
  defaults: readonly string[];
  onClose: () => void;
  /** Saves the choice; resolves false when it failed (the chooser stays open). */
  onSave: (columns: string[]) => Promise<boolean>;
}

/**
 * The grid's column chooser (002 §3.11): any of the columns the user may choose, the default 14 on request;
 * saved per user.
 */
export function ColumnChooser({ opened, available, columns, defaults, onClose, onSave }: ColumnChooserProps) {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(columns));
  const [saving, setSaving] = useState(false);
  // 000 §2, §8: a changed choice asks before Esc, the X or Cancel discard it.
  const dirty = opened && (chosen.size !== columns.length || columns.some((c) => !chosen.has(c)));
  const { confirmLeave } = useUnsavedChangesGuard(dirty && !saving);
  const close = confirmLeave(onClose);
  useEffect(() => {
    if (opened) setChosen(new Set(columns));
  }, [opened, columns]);

  const toggle = (code: string, on: boolean) =>
    setChosen((c) => {
      const next = new Set(c);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });

  const save = async () => {
    setSaving(true);
    const ok = await onSave(orderedChoice(available, chosen));
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Modal opened={opened} onClose={close} size={modalSizes.large} title="Columns">
      <ScrollArea h={360}>
        <fieldset aria-label="Columns" style={{ border: 0, padding: 0, margin: 0, columns: 2 }}>
          {available.map((column) => (
            <Text
              size="sm"
              component="label"
              key={column.code}
              style={{ display: 'block', breakInside: 'avoid' }}
            >
              <input
                type="checkbox"
                checked={chosen.has(column.code)}
                onChange={(e) => toggle(column.code, e.currentTarget.checked)}
              />{' '}
              {column.name}
            </Text>
          ))}
        </fieldset>
      </ScrollArea>
      <Group justify="space-between" mt="md">
        <Button variant="subtle" onClick={() => setChosen(new Set(defaults))}>
          Default columns
        </Button>
        <Group>
          <Button variant="default" onClick={close}>
            {messages.dialogs.generic.cancel}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={chosen.size === 0}>
            Save
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
