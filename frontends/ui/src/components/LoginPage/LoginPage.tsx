import { messages } from '@loadline/contracts';
import { Alert, Button, Center, Divider, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useApi } from '../../api/ApiContext.tsx';
import { asErrorBody } from '../../api/errors.ts';
import type { CurrentUser } from '../../api/types.ts';

export interface LoginPageProps {
  /** Called with the signed-in user once the session exists. */
  onLoggedIn: (me: CurrentUser) => void;
  title?: string;
  /** Shows the single-sign-on button (GET /api/config's ssoEnabled; 000 §2: only on certain hosts). */
  ssoEnabled?: boolean;
  /** Where the single-sign-on button goes. */
  ssoUrl?: string;
}

/** Email and password against POST /api/auth/login; the server's 401 message shows in an alert. */
export function LoginPage({
  onLoggedIn,
  title = 'Sign in to Loadline',
  ssoEnabled = false,
  ssoUrl = '/api/auth/sso',
}: LoginPageProps) {
  const client = useApi();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // The gateway answers a successful login with the signed-in user (GET /api/auth/me's shape).
      const { data, error } = await client.POST('/api/auth/login', { body: { email, password } });
      if (data) onLoggedIn(data);
      else setError(asErrorBody(error)?.message ?? messages.common.genericError);
    } catch {
      setError(messages.common.genericError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={380} component="form" onSubmit={submit} aria-label="Sign in">
        <Stack>
          <Title order={1} size="h3">
            {title}
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
          {ssoEnabled && (
            <>
              <Divider label="or" labelPosition="center" />
              <Button component="a" href={ssoUrl} variant="default">
                Sign in with single sign-on
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
