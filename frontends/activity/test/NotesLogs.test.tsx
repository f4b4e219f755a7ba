// The organization and carrier activity logs (000 §2 item 9, §3, §5, §6) as the shells and the carriers
// remote mount them.
import './setup.ts';
import { AccessLevel, messages, StaffPermission } from '@loadline/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import { CarrierActivityLog } from '../src/CarrierActivityLog.tsx';
import { OrganizationActivityLog } from '../src/OrganizationActivityLog.tsx';
import { carrierEntry, orgEntry, queryOf, serverError } from './fixtures.ts';

const server = setupMsw();
const A = AccessLevel.values;
const P = StaffPermission.values;

const options = (label: string) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.text);

describe('OrganizationActivityLog', () => {
  it('lists the entries and adds a Collections note with its preset first', async () => {
    const reads: Record<string, string>[] = [];
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/organizationactivityLog', ({ request }) => {
        reads.push(queryOf(request));
        return HttpResponse.json([orgEntry()]);
      }),
      http.post('*/api/organizationactivityLog', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json(
          orgEntry({ id: 2, activityDescription: String(body.activityDescription), accessLevel: A.Private }),
          { status: 201 },
        );
      }),
    );
    renderWithShell(<OrganizationActivityLog organizationId="org_acme" permissions={0} />);
    expect(await screen.findByText('Emailed statement. Net 30 reminder')).toBeTruthy();
    expect(reads).toEqual([{ organizationId: 'org_acme' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Add activity' }));
    // 000 §5, §6: Private for staff without the four permissions, and no Admin option.
    expect((screen.getByLabelText('Access level') as HTMLSelectElement).value).toBe(String(A.Private));
    expect(options('Access level')).toEqual(['Public', 'Private']);
    expect(options('Type')).toEqual([
      'General',
      'Collections',
      'Setup Changes',
      'Onboarding',
      'Custom Reference Number',
      'Custom Alert',
    ]);
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Promised Friday' } });
    fireEvent.change(screen.getByLabelText('Preset note'), { target: { value: '0' } });
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'Check is being mailed. Promised Friday',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save activity' }));
    expect(await screen.findByText(messages.activities.added)).toBeTruthy();
    expect(posted).toEqual([
      {
        organizationId: 'org_acme',
        activityType: 1,
        presetCollectionNote: 0,
        presetOnboardingNote: null,
        activityDescription: 'Check is being mailed. Promised Friday',
        accessLevel: A.Private,
      },
    ]);
    expect(screen.queryByRole('form', { name: 'Add activity' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('offers Admin to AR revisions and makes it the default for IT support admins (000 §6)', async () => {
    server.use(http.get('*/api/organizationactivityLog', () => HttpResponse.json([])));
    const first = renderWithShell(
      <OrganizationActivityLog organizationId="org_acme" permissions={P.AccountingARRevisions} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add activity' }));
    expect(options('Access level')).toEqual(['Public', 'Private', 'Admin']);
    expect((screen.getByLabelText('Access level') as HTMLSelectElement).value).toBe(String(A.Private));
    first.unmount();
    renderWithShell(<OrganizationActivityLog organizationId="org_acme" permissions={P.ITSupportAdmin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add activity' }));
    expect((screen.getByLabelText('Access level') as HTMLSelectElement).value).toBe(String(A.Admin));
  });

  it('toasts 000 §8’s texts when the log cannot be read or the add is refused', async () => {
    server.use(
      http.get('*/api/organizationactivityLog', serverError),
      http.post('*/api/organizationactivityLog', serverError),
    );
    renderWithShell(<OrganizationActivityLog organizationId="org_acme" permissions={0} />);
    expect((await screen.findAllByText(messages.activities.loadFailed)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Add activity' }));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save activity' }));
    expect(await screen.findByText(messages.activities.addFailed)).toBeTruthy();
  });
});

describe('CarrierActivityLog', () => {
  it('lists the carrier’s entries and adds a Bill Payments note', async () => {
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/brokercarrieractivityLog', () => HttpResponse.json([carrierEntry()])),
      http.post('*/api/brokercarrieractivityLog', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json(
          carrierEntry({
            id: 2,
            activityType: 'BillPayments',
            activityTypeName: 'Bill Payments',
            activityDescription: String(body.activityDescription),
          }),
          { status: 201 },
        );
      }),
    );
    renderWithShell(<CarrierActivityLog carrierMasterId="car_demo_summit" permissions={0} />);
    const log = await screen.findByRole('region', { name: 'Carrier activity log' });
    expect(await within(log).findByText('Fuel surcharge billed above the quote')).toBeTruthy();
    fireEvent.click(within(log).getByRole('button', { name: 'Add activity' }));
    expect(options('Type')).toEqual(['General', 'Bill Payments', 'Variance']);
    expect(options('Access level')).toEqual(['Public', 'Private']);
    expect(screen.queryByLabelText('Preset note')).toBeNull();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'BillPayments' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Paid by ACH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save activity' }));
    expect(await screen.findByText(messages.activities.added)).toBeTruthy();
    expect(posted).toEqual([
      {
        carrierMasterId: 'car_demo_summit',
        activityType: 'BillPayments',
        activityDescription: 'Paid by ACH',
        accessLevel: A.Private,
      },
    ]);
    expect(within(log).getByText('Paid by ACH')).toBeTruthy();
  });
});
