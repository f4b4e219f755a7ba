// The staff favorite toggle as the shipments remote mounts it (001 §3, §4, §7, §8): HTTP through msw, the
// signed-in staff member usr_1 (Ana Diaz), texts from the catalogue and, for the failures, spelled out.
import './setup.ts';
import { formatDateTime } from '@loadline/ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../ui/test/helpers.tsx';
import { setupMsw, staffMe } from '../../ui/test/msw.ts';
import { StaffFavoriteToggle } from '../src/components/StaffFavoriteToggle/index.ts';
import { completed, favorite, favoriteHandlers, notAssigned, serverError } from './fixtures.ts';

const server = setupMsw();

function renderToggle(organizationId: string | null = 'org_acme') {
  return renderWithShell(<StaffFavoriteToggle shipmentId={10005} organizationId={organizationId} />, {
    user: staffMe,
  });
}
const mine = () => screen.findByRole('button', { name: /^My favorite: / });
const team = () => screen.findByRole('button', { name: /^Team favorite: / });
const delaySelect = () => screen.getByLabelText('Favorite delay') as HTMLSelectElement;

describe('StaffFavoriteToggle', () => {
  it('shows the caller’s own favorite and the team’s as the server lists them, and who else is on it', async () => {
    server.use(
      ...favoriteHandlers([
        favorite({ isTeam: true }),
        favorite({ staffId: 'usr_2', staffName: 'Omar Operations' }),
        completed(),
      ]).handlers,
    );
    renderToggle();
    expect((await mine()).textContent).toBe('My favorite: Completed');
    expect((await team()).textContent).toBe('Team favorite: Assigned');
    expect(screen.getByText('Also: Omar Operations (Assigned)')).toBeTruthy();
  });

  it('cycles not assigned → assigned → completed → not assigned, each click through the server', async () => {
    const { handlers, posted } = favoriteHandlers(
      [favorite({ staffId: 'usr_2', staffName: 'Omar Operations' })],
      [favorite(), completed(), notAssigned()],
    );
    server.use(...handlers);
    renderToggle();
    expect((await mine()).textContent).toBe('My favorite: Not assigned');

    fireEvent.click(await mine());
    await waitFor(async () => expect((await mine()).textContent).toBe('My favorite: Assigned'));
    // The click that makes it active carries the delay (now); the others do not.
    expect(posted[0]).toEqual({ shipmentId: 10005, isTeam: false, organizationId: 'org_acme', delay: 0 });
    expect(delaySelect().disabled).toBe(false); // the team's favorite can still be made active

    fireEvent.click(await mine());
    await waitFor(async () => expect((await mine()).textContent).toBe('My favorite: Completed'));
    expect(posted[1]).toEqual({ shipmentId: 10005, isTeam: false, organizationId: 'org_acme' });

    fireEvent.click(await mine());
    await waitFor(async () => expect((await mine()).textContent).toBe('My favorite: Not assigned'));
    expect(posted).toHaveLength(3);
    expect((await team()).textContent).toBe('Team favorite: Not assigned');
  });

  it('shows what the server answered, not the state it expected (someone else clicked meanwhile)', async () => {
    server.use(...favoriteHandlers([], [completed()]).handlers);
    renderToggle();
    fireEvent.click(await mine());
    await waitFor(async () => expect((await mine()).textContent).toBe('My favorite: Completed'));
  });

  it('schedules with the chosen delay and shows the due date', async () => {
    const due = '2026-11-24T15:00:00.000Z';
    const scheduled = favorite({ isAssigned: false, isScheduled: true, delay: 1440, dueDate: due });
    const { handlers, posted } = favoriteHandlers([], [scheduled]);
    server.use(...handlers);
    renderToggle(null);
    await mine();
    // Now and the catalogue's delays (000 §9, ACTIVITY_DELAY_OPTIONS_MINUTES).
    expect([...delaySelect().options].map((o) => o.value)).toEqual([
      '0',
      '30',
      '60',
      '120',
      '240',
      '1440',
      '2880',
      '10080',
    ]);
    fireEvent.change(delaySelect(), { target: { value: '1440' } });
    fireEvent.click(await mine());
    await waitFor(async () =>
      expect((await mine()).textContent).toBe(`My favorite: Scheduled ${formatDateTime(due)}`),
    );
    expect(posted).toEqual([{ shipmentId: 10005, isTeam: false, delay: 1440 }]);
    expect((await mine()).getAttribute('data-favorite-state')).toBe('Scheduled');
  });

  it('toggles the team’s favorite with isTeam, leaving the caller’s own as it was', async () => {
    const { handlers, posted } = favoriteHandlers([favorite()], [favorite({ isTeam: true })]);
    server.use(...handlers);
    renderToggle();
    expect((await team()).textContent).toBe('Team favorite: Not assigned');
    // Both are active or further: no click would use a delay once the team's is assigned.
    fireEvent.click(await team());
    await waitFor(async () => expect((await team()).textContent).toBe('Team favorite: Assigned'));
    expect(posted).toEqual([{ shipmentId: 10005, isTeam: true, organizationId: 'org_acme', delay: 0 }]);
    expect((await mine()).textContent).toBe('My favorite: Assigned');
    expect(delaySelect().disabled).toBe(true);
  });

  it("toasts 'Unable to get favorite status.' when the favorites cannot be read, and reads again on request", async () => {
    let fail = true;
    server.use(
      http.get('*/api/staffFavorites/:shipmentId', () => (fail ? serverError() : HttpResponse.json([]))),
    );
    renderToggle();
    // The toast and the line in place of the toggle.
    await waitFor(() => expect(screen.getAllByText('Unable to get favorite status.')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /favorite:/ })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await mine()).textContent).toBe('My favorite: Not assigned');
  });

  it("toasts 'Unable to update favorite. Error: {message}' with the server's message; the favorite stays", async () => {
    const refusal = () =>
      HttpResponse.json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid request.',
          errors: { delay: ['delay must be 0 or one of 30, 60, 120, 240, 1440, 2880, 10080.'] },
        },
        { status: 400 },
      );
    const crash = () =>
      HttpResponse.json(
        { statusCode: 503, error: 'Service Unavailable', message: 'The activity service is restarting.' },
        { status: 503 },
      );
    server.use(...favoriteHandlers([favorite()], [refusal, crash]).handlers);
    renderToggle();
    fireEvent.click(await mine());
    expect(
      await screen.findByText(
        'Unable to update favorite. Error: delay must be 0 or one of 30, 60, 120, 240, 1440, 2880, 10080.',
      ),
    ).toBeTruthy();
    expect((await mine()).textContent).toBe('My favorite: Assigned');
    fireEvent.click(await mine());
    expect(
      await screen.findByText('Unable to update favorite. Error: The activity service is restarting.'),
    ).toBeTruthy();
    expect((await mine()).textContent).toBe('My favorite: Assigned');
  });
});
