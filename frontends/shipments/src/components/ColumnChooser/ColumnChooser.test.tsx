import '../../../test/setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { allGridColumns } from '../../../test/fixtures.ts';
import { DEFAULT_GRID_COLUMNS } from '../../rules/gridColumns.ts';
import { ColumnChooser } from './ColumnChooser.tsx';

describe('ColumnChooser (002 §3.11)', () => {
  it('lists the columns the user may choose with the chosen ones ticked, saves the choice in grid order', async () => {
    const onSave = vi.fn(async () => true);
    const onClose = vi.fn();
    renderWithShell(
      <ColumnChooser
        opened
        available={allGridColumns}
        columns={['ShipmentId', 'Status']}
        defaults={DEFAULT_GRID_COLUMNS}
        onClose={onClose}
        onSave={onSave}
      />,
    );
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(85);
    expect(boxes.filter((b) => b.checked)).toHaveLength(2);
    fireEvent.click(screen.getByLabelText('Last Known Location'));
    fireEvent.click(screen.getByLabelText('Customer Name'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(['ShipmentId', 'CustomerName', 'Status', 'LastKnownLocation']);
  });

  it('restores the default 14 and stays open when the save fails', async () => {
    const onSave = vi.fn(async () => false);
    const onClose = vi.fn();
    renderWithShell(
      <ColumnChooser
        opened
        available={allGridColumns}
        columns={['ShipmentId']}
        defaults={DEFAULT_GRID_COLUMNS}
        onClose={onClose}
        onSave={onSave}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Default columns' }));
    const ticked = (screen.getAllByRole('checkbox') as HTMLInputElement[]).filter((b) => b.checked);
    expect(ticked).toHaveLength(14);
    expect((screen.getByLabelText('Pro Number') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Linehaul Carrier Pro Number') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
  });
});
