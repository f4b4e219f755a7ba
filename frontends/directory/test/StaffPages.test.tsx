// The staff pages the universal search and "Edit my email address" open (001 §2; issue 14 item 7): the page
// offers what the service says the signed-in user may change (decision 0009) and shows its refusals.
import '../../ui/test/setup.ts';
import { StaffPermission } from '@loadline/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw } from '../../ui/test/msw.ts';
import type { UserDetails } from '../src/api/users.ts';
import StaffDetailsPage from '../src/StaffDetailsPage.tsx';
import StaffEditPage, { NOTHING_TO_CHANGE_TEXT } from '../src/StaffEditPage.tsx';

const server = setupMsw();

const omar = (over: Partial<UserDetails> = {}): UserDetails => ({
  userId: 'usr_ops',
  organizationId: 'org_broker',
  kind: 'staff',
  email: 'ops@demo.test',
  firstName: 'Omar',
  lastName: 'Operations',
  permissions: StaffPermission.combine('LSPCarrierDetails'),
  roles: ['Broker', 'LSPCarrierDetails'],
  active: true,
  organizationName: 'Loadline Demo Logistics',
  organizationType: 60,
  changeable: { names: true, email: true, permissions: false, active: false, grantablePermissions: 0 },
  ...over,
});

const answer = (user: UserDetails) => http.get('*/api/users/usr_ops', () => HttpResponse.json(user));

describe('directory/StaffDetailsPage', () => {
  it('shows the user, its organization, roles and permissions, and Edit when something may change', async () => {
    server.use(answer(omar()));
    renderWithShell(<StaffDetailsPage staffId="usr_ops" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Omar Operations' })).toBeTruthy();
    expect(screen.getByText('Broker staff')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Loadline Demo Logistics' }).getAttribute('href')).toBe(
      '/back-office/lsp/organizations/details/org_broker',
    );
    expect(screen.getByText('LSP Carrier Details')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/back-office/lsp/broker-staff/edit/usr_ops',
    );
  });

  it('offers no Edit when nothing may change', async () => {
    server.use(
      answer(
        omar({
          changeable: {
            names: false,
            email: false,
            permissions: false,
            active: false,
            grantablePermissions: 0,
          },
        }),
      ),
    );
    renderWithShell(<StaffDetailsPage staffId="usr_ops" />);
    await screen.findByRole('heading', { level: 1, name: 'Omar Operations' });
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('says a user it cannot see was not found', async () => {
    server.use(
      http.get('*/api/users/usr_x', () =>
        HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'x' }, { status: 404 }),
      ),
    );
    renderWithShell(<StaffDetailsPage staffId="usr_x" />);
    expect((await screen.findByRole('alert')).textContent).toBe('This user was not found.');
  });
});

describe('directory/StaffEditPage', () => {
  it('lets staff change their own name and email, not their permissions; sends only what changed', async () => {
    const bodies: unknown[] = [];
    server.use(
      answer(omar()),
      http.put('*/api/users/usr_ops', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...omar(), email: 'omar@demo.test' });
      }),
    );
    const { router } = renderWithShell(<StaffEditPage staffId="usr_ops" />);
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    const permissions = screen.getByRole('group', { name: 'Permissions' });
    expect(
      within(permissions)
        .getAllByRole('checkbox')
        .every((c) => (c as HTMLInputElement).disabled),
    ).toBe(true);
    expect((screen.getByLabelText('Active') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(email, { target: { value: 'omar@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe('/back-office/lsp/broker-staff/details/usr_ops'));
    expect(bodies).toEqual([{ email: 'omar@demo.test' }]);
  });

  it('offers only the permissions the service lets the signed-in user grant', async () => {
    const bodies: unknown[] = [];
    server.use(
      answer(
        omar({
          changeable: {
            names: true,
            email: true,
            permissions: true,
            active: true,
            grantablePermissions: StaffPermission.remove(StaffPermission.allMask, 'ITSupportAdmin'),
          },
        }),
      ),
      http.put('*/api/users/usr_ops', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(omar());
      }),
    );
    renderWithShell(<StaffEditPage staffId="usr_ops" />);
    const support = (await screen.findByLabelText('IT Support Admin')) as HTMLInputElement;
    expect(support.disabled).toBe(true);
    const siteAdmin = screen.getByLabelText('TMS Site Admin') as HTMLInputElement;
    expect(siteAdmin.disabled).toBe(false);
    fireEvent.click(siteAdmin);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ permissions: StaffPermission.combine('LSPCarrierDetails', 'TMSSiteAdmin') });
  });

  it("shows the service's refusal with the spec's toast", async () => {
    server.use(
      answer(omar()),
      http.put('*/api/users/usr_ops', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'A user with the email admin@demo.test already exists.',
          },
          { status: 409 },
        ),
      ),
    );
    renderWithShell(<StaffEditPage staffId="usr_ops" />);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'admin@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A user with the email admin@demo.test already exists.')).toBeTruthy();
    expect(await screen.findByText('Error: Unable to save changes.')).toBeTruthy();
  });

  it("shows the service's field message beside its field", async () => {
    server.use(
      answer(omar()),
      http.put('*/api/users/usr_ops', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'x',
            errors: { 'model.email': ['must match format "email"'] },
          },
          { status: 400 },
        ),
      ),
    );
    renderWithShell(<StaffEditPage staffId="usr_ops" />);
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'omar@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('must match format "email"')).toBeTruthy();
  });

  it('says so when the signed-in user may change nothing of this user', async () => {
    server.use(
      answer(
        omar({
          changeable: {
            names: false,
            email: false,
            permissions: false,
            active: false,
            grantablePermissions: 0,
          },
        }),
      ),
    );
    renderWithShell(<StaffEditPage staffId="usr_ops" />);
    expect((await screen.findByRole('status')).textContent).toBe(NOTHING_TO_CHANGE_TEXT);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
