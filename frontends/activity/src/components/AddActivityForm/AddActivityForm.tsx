// The shipment log's add form (000 §3, §4, §5, §9): type (General by default), a preset note for Payable and
// Audit put at the start of the description, the description, the access level (Private by default; Admin
// with 000 §6's permission), a pin, and an assignment to a staff member or the team, now or after a delay.
// After an add it resets to Private with an empty description and closes.
import { messages, type ShipmentActivityTypeValue } from '@loadline/contracts';
import {
  Button,
  CheckboxField,
  errorToastText,
  Group,
  Paper,
  SelectField,
  Stack,
  Text,
  TextareaField,
  toast,
  useUnsavedChangesGuard,
} from '@loadline/ui';
import { useState } from 'react';
import type { ActivityCalls } from '../../api/client.ts';
import type { ShipmentActivity } from '../../api/types.ts';
import {
  ADDABLE_TYPES,
  accessLevelChoices,
  DELAY_CHOICES,
  delayLabel,
  emptyShipmentForm,
  formProblem,
  presetChoices,
  type ShipmentActivityForm,
  shipmentActivityBody,
  withPreset,
  withType,
} from '../../rules/log.ts';
import { AccessLevelField, PresetField } from '../Fields/index.ts';
import { StaffTypeahead } from '../StaffTypeahead/index.ts';

export interface AddActivityFormProps {
  shipmentId: number;
  calls: ActivityCalls;
  adminAllowed: boolean;
  onAdded: (entry: ShipmentActivity) => void;
  onClose: () => void;
}

const delayOptions = DELAY_CHOICES.map((value) => ({ value, name: delayLabel(value) }));

export function AddActivityForm({ shipmentId, calls, adminAllowed, onAdded, onClose }: AddActivityFormProps) {
  const [form, setForm] = useState<ShipmentActivityForm>(emptyShipmentForm);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const problem = formProblem(form);
  // 000 §2, §8: an entry typed and not added asks before Cancel (or leaving the page) discards it.
  const dirty = JSON.stringify(form) !== JSON.stringify(emptyShipmentForm());
  const { confirmLeave } = useUnsavedChangesGuard(dirty && !saving);
  const set = (change: Partial<ShipmentActivityForm>) => setForm((f) => ({ ...f, ...change }));

  async function add() {
    setTried(true);
    if (problem) return;
    setSaving(true);
    const answer = await calls.add(shipmentActivityBody(shipmentId, form));
    setSaving(false);
    if (!answer.ok) {
      toast.error(errorToastText(answer.error, messages.activities.addFailed));
      return;
    }
    toast.success(messages.activities.added);
    // 000 §4: after an add the form resets to Private with an empty description, and closes.
    setForm(emptyShipmentForm());
    setTried(false);
    onAdded(answer.data);
    onClose();
  }

  return (
    <Paper withBorder p="sm" component="form" aria-label="Add activity" onSubmit={(e) => e.preventDefault()}>
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SelectField
            label="Type"
            value={form.activityType}
            choices={ADDABLE_TYPES}
            onChange={(v) => setForm((f) => withType(f, Number(v) as ShipmentActivityTypeValue))}
            disabled={saving}
          />
          <PresetField
            presets={presetChoices(form.activityType)}
            value={form.preset}
            onChange={(preset) => setForm((f) => withPreset(f, preset))}
            disabled={saving}
          />
          <AccessLevelField
            levels={accessLevelChoices(adminAllowed)}
            value={form.accessLevel}
            onChange={(accessLevel) => set({ accessLevel })}
            disabled={saving}
          />
          <CheckboxField
            label="Pin"
            checked={form.pinned}
            onChange={(pinned) => set({ pinned })}
            disabled={saving}
          />
        </Group>
        <TextareaField
          label="Description"
          value={form.description}
          onChange={(description) => set({ description })}
          disabled={saving}
        />
        <CheckboxField
          label="Assign"
          checked={form.assign}
          onChange={(assign) => set({ assign, assignee: null, delayMinutes: 0 })}
          disabled={saving}
        />
        {form.assign && (
          <Group gap="sm" align="flex-start" wrap="wrap">
            <StaffTypeahead
              calls={calls}
              value={form.assignee}
              onChange={(assignee) => set({ assignee })}
              disabled={saving}
            />
            <SelectField
              label="Delay"
              value={form.delayMinutes}
              choices={delayOptions}
              onChange={(v) => set({ delayMinutes: Number(v) })}
              disabled={saving}
            />
          </Group>
        )}
        {tried && problem && (
          <Text size="xs" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={confirmLeave(onClose)} disabled={saving}>
            {messages.dialogs.generic.cancel}
          </Button>
          <Button size="xs" onClick={() => void add()} loading={saving}>
            Save activity
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
