import { PHONE_DEFAULT_COUNTRY } from '@loadline/contracts';
import {
  callingCodeOf,
  formatPhone,
  parsePhone,
  phoneCountries,
  phoneProblem,
} from '@loadline/contracts/rules/phone';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { type ReactNode, useId, useMemo, useState } from 'react';

export interface PhoneInputProps {
  label: string;
  /** the number as written: "(555) 010-2001 ext 12", "+44 20 7946 0958" */
  value: string;
  onChange: (value: string) => void;
  /** the countries offered; every country by default, US and CA first (001 §5) */
  countries?: readonly string[];
  /** the server's message for this field, shown as the field's error */
  error?: string | null | undefined;
  description?: ReactNode;
  disabled?: boolean;
  required?: boolean;
}

const regionNames =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
const countryLabel = (country: string) => `${regionNames?.of(country) ?? country} +${callingCodeOf(country)}`;

/** A number typed without "+" is read in the chosen country; the value sent up carries its code. */
function asWritten(typed: string, country: string): string {
  const text = typed.trim();
  if (text === '' || text.startsWith('+') || callingCodeOf(country) === '1') return typed;
  return `+${callingCodeOf(country)} ${text}`;
}

/**
 * The phone input of 001 §5: an international validator, default country US, US and CA offered first; a
 * value that is only a dial code counts as empty; an extension is allowed ("x12", "ext 12"). The rules are
 * the ones the services apply (@loadline/contracts/rules/phone). Says what is wrong once the field is left,
 * and shows the number as people read it, (AAA) BBB-CCCC ext N.
 */
export function PhoneInput({
  label,
  value,
  onChange,
  countries,
  error,
  description,
  disabled,
  required,
}: PhoneInputProps) {
  const offered = useMemo(() => countries ?? phoneCountries(), [countries]);
  const [country, setCountry] = useState(
    () =>
      parsePhone(value)?.country ??
      (offered.includes(PHONE_DEFAULT_COUNTRY) ? PHONE_DEFAULT_COUNTRY : offered[0]!),
  );
  const [typed, setTyped] = useState(value);
  const [left, setLeft] = useState(false);
  const id = useId();
  const problem = phoneProblem(asWritten(typed, country), label.toLowerCase(), country);

  const change = (text: string, nextCountry = country) => {
    setTyped(text);
    onChange(asWritten(text, nextCountry));
  };

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NativeSelect
        aria-label={`${label} country`}
        label={label ? ' ' : undefined}
        data={offered.map((c) => ({ value: c, label: countryLabel(c) }))}
        value={country}
        disabled={disabled}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setCountry(next);
          change(typed, next);
        }}
        w={170}
      />
      <TextInput
        id={id}
        label={label}
        description={description}
        required={required}
        disabled={disabled}
        inputMode="tel"
        autoComplete="tel"
        value={typed}
        style={{ flex: 1 }}
        onChange={(e) => {
          setLeft(false);
          change(e.currentTarget.value);
        }}
        onBlur={() => {
          setLeft(true);
          // Shown as people read it once it is a number; the value sent up is the same number.
          if (!problem && typed.trim() !== '') change(formatPhone(asWritten(typed, country), country));
        }}
        error={error || (left ? problem : null) || undefined}
      />
    </Group>
  );
}
