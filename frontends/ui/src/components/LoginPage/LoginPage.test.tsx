import '../../../test/setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../test/helpers.tsx';
import { setupMsw, staffMe } from '../../../test/msw.ts';
import { LoginPage } from './LoginPage.tsx';

const server = setupMsw();

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText(/^email/i, { selector: 'input' }), {
    target: { value: 'ana@broker.test' },
  });
  fireEvent.change(screen.getByLabelText(/^password/i, { selector: 'input' }), {
    target: { value: 'wrong horse' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it("shows the server's 401 message in an alert and stays on the page", async () => {
    let body: unknown;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message: 'The email or password is not right.' },
          { status: 401 },
        );
      }),
    );
    const onLoggedIn = vi.fn();
    renderWithShell(<LoginPage onLoggedIn={onLoggedIn} />);
    fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The email or password is not right.',
    );
    expect(body).toEqual({ email: 'ana@broker.test', password: 'wrong horse' });
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('calls onLoggedIn with the signed-in user after a successful login', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json(staffMe)));
    const onLoggedIn = vi.fn();
    renderWithShell(<LoginPage onLoggedIn={onLoggedIn} />);
    fillAndSubmit();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(staffMe));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers single sign-on only when enabled', () => {
    const { unmount } = renderWithShell(<LoginPage onLoggedIn={() => {}} />);
    expect(screen.queryByRole('link', { name: /single sign-on/i })).toBeNull();
    unmount();
    renderWithShell(<LoginPage onLoggedIn={() => {}} ssoEnabled ssoUrl="/sso/start" />);
    expect(screen.getByRole('link', { name: /single sign-on/i }).getAttribute('href')).toBe('/sso/start');
  });
});
