// The organization select (001 §7, §8): which url it reads by type or apiUrl, the list as options, the chosen
// organization handed on, 'Error: Unable to get organizations' on a failed read with a retry, and the
// required-apiUrl error and the both-given warning. HTTP through msw.
import '../../../test/setup.ts';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../test/helpers.tsx';
import { setupMsw } from '../../../test/msw.ts';
import {
  type OrganizationOption,
  OrganizationSelect,
  type OrganizationSelectProps,
  organizationSelectUrl,
} from './OrganizationSelect.tsx';

const server = setupMsw();
afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const payers = [
  { id: 'org_acme', name: 'Acme Manufacturing' },
  { id: 'org_globex', name: 'Globex Foods' },
];
const chosen: (OrganizationOption | null)[] = [];

function Harness(props: Omit<OrganizationSelectProps, 'label' | 'value' | 'onChange'>) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <OrganizationSelect
      label="Payer"
      value={value}
      onChange={(id, organization) => {
        chosen.push(organization);
        setValue(id);
      }}
      {...props}
    />
  );
}

const select = () => screen.getByLabelText('Payer') as HTMLSelectElement;

describe('OrganizationSelect', () => {
  it('payers: reads billToOrganizations and hands on the chosen organization', async () => {
    server.use(http.get('*/api/organization/billToOrganizations', () => HttpResponse.json(payers)));
    renderWithShell(<Harness type="payers" />);
    await screen.findByRole('option', { name: 'Globex Foods' });
    expect([...select().options].map((o) => o.textContent)).toEqual([
      '--Select--',
      'Acme Manufacturing',
      'Globex Foods',
    ]);
    fireEvent.change(select(), { target: { value: 'org_globex' } });
    expect(select().value).toBe('org_globex');
    expect(chosen.at(-1)).toEqual({ id: 'org_globex', name: 'Globex Foods' });
  });

  it('payersWithOpenInvoices and a given url read their own lists', async () => {
    server.use(
      http.get('*/api/organization/openInvoiceOrganizations', () => HttpResponse.json([payers[1]])),
      http.get('*/api/custom/organizations', () => HttpResponse.json([payers[0]])),
    );
    const first = renderWithShell(<Harness type="payersWithOpenInvoices" />);
    await screen.findByRole('option', { name: 'Globex Foods' });
    expect(screen.queryByRole('option', { name: 'Acme Manufacturing' })).toBeNull();
    first.unmount();
    renderWithShell(<Harness apiUrl="/api/custom/organizations" />);
    await screen.findByRole('option', { name: 'Acme Manufacturing' });
  });

  it('says "Error: Unable to get organizations" when the list fails, and tries again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/organization/billToOrganizations', () =>
        fail ? HttpResponse.json({ message: 'down' }, { status: 503 }) : HttpResponse.json(payers),
      ),
    );
    renderWithShell(<Harness type="payers" />);
    // In place and as a toast.
    await waitFor(() => expect(screen.getAllByText('Error: Unable to get organizations')).toHaveLength(2));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('option', { name: 'Acme Manufacturing' });
  });

  it('requires a url or a type, and warns when given both (the url is used)', async () => {
    expect(() => organizationSelectUrl(undefined, undefined)).toThrow(
      'OrganizationSelect: apiUrl is required (give apiUrl or type).',
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.get('*/api/custom/organizations', () => HttpResponse.json([payers[0]])));
    renderWithShell(<Harness apiUrl="/api/custom/organizations" type="payers" />);
    await screen.findByRole('option', { name: 'Acme Manufacturing' });
    expect(warn).toHaveBeenCalledWith(
      'OrganizationSelect: both apiUrl (/api/custom/organizations) and type (payers) are given; apiUrl is used.',
    );
  });
});
