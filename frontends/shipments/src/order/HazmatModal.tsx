import { HazardClass, PackingGroup } from '@loadline/contracts';
import { Button, Group, Modal, SelectField, Stack, TextInput } from '@loadline/ui';
import { useEffect, useState } from 'react';
import { hazardClassLabel } from '../rules/format.ts';
import { emptyHazmat, type HazmatForm } from './orderForm.ts';

export interface HazmatModalProps {
  /** the commodity's description, in the title; null closes the modal */
  commodity: string | null;
  value: HazmatForm | null;
  onSave: (hazmat: HazmatForm) => void;
  onCancel: () => void;
}

const hazardClasses = HazardClass.entries.map((c) => ({ value: c.name, name: hazardClassLabel(c.name) }));
const packingGroups = PackingGroup.entries.map((g) => ({ value: g.value, name: g.name }));

/**
 * The back office's hazmat modal (001 §2: accessorial 46 opens it): UN number, proper shipping name, hazard
 * class, packing group and emergency contact of the hazardous commodity. The service checks them again.
 */
export function HazmatModal({ commodity, value, onSave, onCancel }: HazmatModalProps) {
  const [form, setForm] = useState<HazmatForm>(value ?? emptyHazmat());
  useEffect(() => {
    if (commodity !== null) setForm(value ?? emptyHazmat());
  }, [commodity, value]);
  const set = (field: keyof HazmatForm) => (v: string | number) => setForm((f) => ({ ...f, [field]: v }));
  const complete =
    form.unNumber.trim() !== '' &&
    form.properShippingName.trim() !== '' &&
    form.hazardClass !== '' &&
    form.emergencyContactPhone.trim() !== '';
  return (
    <Modal
      opened={commodity !== null}
      onClose={onCancel}
      title={`Hazardous materials${commodity ? `: ${commodity}` : ''}`}
    >
      <Stack gap="xs">
        <TextInput
          label="UN number"
          placeholder="UN1263"
          required
          value={form.unNumber}
          onChange={(e) => set('unNumber')(e.currentTarget.value)}
        />
        <TextInput
          label="Proper shipping name"
          required
          value={form.properShippingName}
          onChange={(e) => set('properShippingName')(e.currentTarget.value)}
        />
        <SelectField
          label="Hazard class"
          value={form.hazardClass}
          choices={hazardClasses}
          placeholder="--Select--"
          onChange={set('hazardClass')}
        />
        <SelectField
          label="Packing group"
          value={form.packingGroup}
          choices={packingGroups}
          onChange={(v) => set('packingGroup')(Number(v))}
        />
        <TextInput
          label="Emergency contact name"
          value={form.emergencyContactName}
          onChange={(e) => set('emergencyContactName')(e.currentTarget.value)}
        />
        <TextInput
          label="Emergency contact phone"
          required
          value={form.emergencyContactPhone}
          onChange={(e) => set('emergencyContactPhone')(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!complete} onClick={() => onSave(form)}>
            Save hazmat details
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
