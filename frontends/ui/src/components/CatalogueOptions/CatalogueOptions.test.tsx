import '../../../test/setup.ts';
import { ShipmentLocationType, SupportRequestType } from '@loadline/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CatalogueOptions, catalogueOptions } from './CatalogueOptions.tsx';

describe('catalogue options', () => {
  it('offers the location types of 002 §3.1 in the spec order, each with its number and display name', () => {
    render(
      <select aria-label="Location type">
        <CatalogueOptions of={ShipmentLocationType} />
      </select>,
    );
    const options = within(screen.getByLabelText('Location type')).getAllByRole('option');
    expect(options.map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ['0', 'Informational'],
      ['10', 'Origin'],
      ['20', 'Destination'],
      ['30', 'In Transit'],
      ['40', 'Consolidation'],
    ]);
  });

  it('gives Mantine select data with the value as text and the display name as label', () => {
    const data = catalogueOptions(SupportRequestType);
    expect(data).toHaveLength(SupportRequestType.entries.length);
    expect(data[0]).toEqual({
      value: String(SupportRequestType.entries[0].value),
      label: SupportRequestType.entries[0].name,
    });
    expect(data.map((d) => d.label)).toContain('EDI');
  });
});
