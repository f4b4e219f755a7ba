import '../../../test/setup.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../ui/test/helpers.tsx';
import { PluginPlaceholder } from './PluginPlaceholder.tsx';

describe('PluginPlaceholder', () => {
  it('is a labelled region naming what plugs in', () => {
    renderWithShell(<PluginPlaceholder name="Attachments" remote="attachments/ShipmentAttachments" />);
    const region = screen.getByRole('region', { name: 'Attachments' });
    expect(region.getAttribute('data-plugin')).toBe('attachments/ShipmentAttachments');
    expect(region.textContent).toContain('Attachments plugs in here');
  });
});
