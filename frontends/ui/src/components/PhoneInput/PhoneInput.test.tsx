import '../../../test/setup.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LoadlineProvider } from '../LoadlineProvider/index.ts';
import { PhoneInput, type PhoneInputProps } from './PhoneInput.tsx';

const sent: string[] = [];

function Harness(props: Partial<PhoneInputProps>) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <LoadlineProvider env="test">
      <PhoneInput
        label="Phone"
        {...props}
        value={value}
        onChange={(v) => {
          sent.push(v);
          setValue(v);
        }}
      />
    </LoadlineProvider>
  );
}

const field = () => screen.getByLabelText('Phone') as HTMLInputElement;

describe('PhoneInput (001 §5, issue 14 item 13)', () => {
  it('refuses "abc" once the field is left, saying how to write a number', () => {
    render(<Harness />);
    fireEvent.change(field(), { target: { value: 'abc' } });
    expect(field().getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.blur(field());
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^abc is not a valid phone:/)).toBeTruthy();
  });

  it('takes a US number with an extension and shows it as (AAA) BBB-CCCC ext N', () => {
    render(<Harness />);
    fireEvent.change(field(), { target: { value: '5550102003x12' } });
    fireEvent.blur(field());
    expect(field().value).toBe('(555) 010-2003 ext 12');
    expect(sent.at(-1)).toBe('(555) 010-2003 ext 12');
    expect(field().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('offers US and CA first and reads a number in the chosen country', () => {
    render(<Harness />);
    const country = screen.getByLabelText('Phone country') as HTMLSelectElement;
    expect([...country.options].slice(0, 2).map((o) => o.value)).toEqual(['US', 'CA']);
    expect(country.value).toBe('US');
    fireEvent.change(country, { target: { value: 'GB' } });
    fireEvent.change(field(), { target: { value: '020 7946 0958' } });
    expect(sent.at(-1)).toBe('+44 020 7946 0958');
    fireEvent.blur(field());
    expect(field().value).toBe('+44 20 7946 0958');
  });

  it('counts a lone dial code as empty, and shows the server’s message', () => {
    render(<Harness error="driverCellPhoneNumber must be a 10-digit US or Canadian cell phone number." />);
    fireEvent.change(field(), { target: { value: '+1' } });
    fireEvent.blur(field());
    expect(
      screen.getByText('driverCellPhoneNumber must be a 10-digit US or Canadian cell phone number.'),
    ).toBeTruthy();
    expect(screen.queryByText(/is not a valid phone/)).toBeNull();
  });
});
