import { messages } from '@loadline/contracts';
import { Group, TextInput, toast } from '@loadline/ui';
import { useState } from 'react';
import { useTrackingCalls } from '../../api/client.ts';
import type { ZipLookup } from '../../api/types.ts';
import { type AddressFields, onZipEntered, onZipLookedUp } from '../../rules/zip.ts';

export interface ZipCodeInputProps {
  value: AddressFields;
  onChange: (fields: AddressFields) => void;
  /** keep an unknown ZIP in the field (000 §5 "unless invalid zips are allowed") */
  allowInvalid?: boolean;
  disabled?: boolean;
  /** told the place a ZIP code was found to be (null: unknown or cleared), e.g. for its time zone */
  onPlace?: (place: ZipLookup | null) => void;
}

/**
 * ZIP, city, state and country (000 §5): leaving the ZIP looks it up; empty clears city and state and sets
 * USA; unknown warns 'Invalid ZIP code.'; a failed lookup says 'An error occurred validating the ZIP code.'.
 */
export function ZipCodeInput({
  value,
  onChange,
  allowInvalid = false,
  disabled,
  onPlace,
}: ZipCodeInputProps) {
  const calls = useTrackingCalls();
  const [checking, setChecking] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);

  const settle = async () => {
    const entered = onZipEntered(value);
    setWarning(null);
    if (!entered.lookUp) {
      onPlace?.(null);
      return onChange(entered.fields);
    }
    setChecking(true);
    const answer = await calls.zipCode(value.zipCode.trim());
    setChecking(false);
    if (!answer.ok) {
      toast.error(messages.zip.validateFailed);
      return;
    }
    onPlace?.(answer.data);
    const outcome = onZipLookedUp(value, answer.data, allowInvalid);
    if (outcome.warning) {
      toast.warning(outcome.warning);
      setWarning(outcome.warning);
    }
    onChange(outcome.fields);
  };

  const set = (field: keyof AddressFields) => (e: { currentTarget: { value: string } }) =>
    onChange({ ...value, [field]: e.currentTarget.value });
  return (
    <Group grow gap="xs" align="flex-start">
      <TextInput
        size="xs"
        label="ZIP code"
        value={value.zipCode}
        onChange={set('zipCode')}
        onBlur={() => void settle()}
        error={warning}
        disabled={disabled || checking}
      />
      <TextInput size="xs" label="City" value={value.city} onChange={set('city')} disabled={disabled} />
      <TextInput size="xs" label="State" value={value.state} onChange={set('state')} disabled={disabled} />
      <TextInput
        size="xs"
        label="Country"
        value={value.country}
        onChange={set('country')}
        disabled={disabled}
      />
    </Group>
  );
}
