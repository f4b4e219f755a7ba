import '../../../test/setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../test/helpers.tsx';
import { setupMsw } from '../../../test/msw.ts';
import { dismissedAlertCookie } from '../../rules/systemAlerts.ts';
import { SystemAlerts } from './SystemAlerts.tsx';

const server = setupMsw();

const alerts = [
  {
    systemAlertId: 11,
    title: 'Carrier portal maintenance',
    body: 'Tonight 22:00–23:00.',
    highPriority: true,
  },
  { systemAlertId: 12, title: 'New invoice layout', body: 'Invoices look different.', highPriority: false },
  { systemAlertId: 13, title: 'Holiday hours', body: 'Closed on Monday.', highPriority: false },
];

/** Serves the alerts the way the directory does: the first 2, or all with showall=true. */
function serveAlerts() {
  const asked: { area: string | null; showall: string | null }[] = [];
  server.use(
    http.get('*/api/systemalerts', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push({ area: q.get('area'), showall: q.get('showall') });
      const all = q.get('showall') === 'true';
      return HttpResponse.json({
        systemAlerts: all ? alerts : alerts.slice(0, 2),
        totalCount: alerts.length,
      });
    }),
  );
  return asked;
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clears what the component under test wrote
  for (const a of alerts) document.cookie = `loadline_alert_dismissed_${a.systemAlertId}=; Max-Age=0; Path=/`;
});

describe('SystemAlerts (001 §3, §9)', () => {
  it('shows 2 alerts at first, then all of them with "show all"', async () => {
    const asked = serveAlerts();
    renderWithShell(<SystemAlerts area="backoffice" />);
    expect(await screen.findByText('Carrier portal maintenance')).toBeTruthy();
    expect(screen.getByText('New invoice layout')).toBeTruthy();
    expect(screen.queryByText('Holiday hours')).toBeNull();
    expect(asked).toEqual([{ area: 'backoffice', showall: 'false' }]);

    fireEvent.click(screen.getByRole('button', { name: /show all/i }));
    expect(await screen.findByText('Holiday hours')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ area: 'backoffice', showall: 'true' });
    expect(screen.queryByRole('button', { name: /show all/i })).toBeNull();
  });

  it('hides a dismissed alert for 21 days through a cookie', async () => {
    serveAlerts();
    const first = renderWithShell(<SystemAlerts area="backoffice" />);
    await screen.findByText('New invoice layout');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss New invoice layout' }));
    await waitFor(() => expect(screen.queryByText('New invoice layout')).toBeNull());
    expect(document.cookie).toContain('loadline_alert_dismissed_12=1');
    first.unmount();

    // Another page view: the dismissed alert stays hidden and the next one takes its place among the 2.
    renderWithShell(<SystemAlerts area="backoffice" />);
    expect(await screen.findByText('Holiday hours')).toBeTruthy();
    expect(screen.getByText('Carrier portal maintenance')).toBeTruthy();
    expect(screen.queryByText('New invoice layout')).toBeNull();
  });

  it('sets the cookie to last 21 days', () => {
    expect(dismissedAlertCookie(12, false)).toContain(`Max-Age=${21 * 24 * 60 * 60}`);
    expect(dismissedAlertCookie(12, true)).toMatch(/; Secure$/);
  });

  it("toasts 'Unable to get system alerts. Please reload the page.' when the call fails", async () => {
    server.use(http.get('*/api/systemalerts', () => HttpResponse.error()));
    renderWithShell(<SystemAlerts area="frontoffice" />);
    expect(await screen.findByText('Unable to get system alerts. Please reload the page.')).toBeTruthy();
  });
});
