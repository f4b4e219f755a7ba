import '../../../test/setup.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { defaultGridColumns, listItem } from '../../../test/fixtures.ts';
import { ShipmentGrid } from './ShipmentGrid.tsx';

describe('ShipmentGrid', () => {
  it('shows the columns, each status as a coloured badge, and opens a row', () => {
    const onOpen = vi.fn();
    const onSort = vi.fn();
    const items = [listItem(), listItem({ shipmentId: 10005, status: 300, carrierName: 'Summit Carriers' })];
    renderWithShell(
      <ShipmentGrid
        items={items}
        columns={defaultGridColumns}
        sort={{ by: 'ShipmentId', direction: 'asc' }}
        onSort={onSort}
        hrefOf={(i) => `/back-office/shipment/shipment-details/${i.shipmentId}`}
        onOpen={onOpen}
      />,
    );
    const table = screen.getByRole('table', { name: 'Shipments' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(14);
    expect(
      within(table)
        .getByRole('columnheader', { name: /Shipment Id/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');
    const link = within(table).getByRole('link', { name: '10005' });
    expect(link.getAttribute('href')).toBe('/back-office/shipment/shipment-details/10005');
    fireEvent.click(link);
    expect(onOpen).toHaveBeenCalledWith(items[1]);
    fireEvent.click(within(table).getByText('Summit Carriers'));
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(within(table).getByText('Dispatched')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: /Shipment Id/ }));
    expect(onSort).toHaveBeenCalledWith({ by: 'ShipmentId', direction: 'desc' });
    fireEvent.click(within(table).getByRole('button', { name: 'Carrier Name' }));
    expect(onSort).toHaveBeenLastCalledWith({ by: 'CarrierName', direction: 'asc' });
  });
});
