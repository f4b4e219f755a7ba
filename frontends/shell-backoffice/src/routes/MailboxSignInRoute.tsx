import { Center, Loader, Stack, Text } from '@loadline/ui';

/**
 * 001 §2's mailbox sign-in popup comes back here from Google, Microsoft or Front (MAILBOX_OAUTH_REDIRECT_URL,
 * decision 0036). The window that opened it reads the code from this address and closes it: this page only
 * says so, outside the sign-in gate (the popup may land before the session is known).
 */
export function MailboxSignInRoute() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm">Finishing your mailbox sign-in. This window closes by itself.</Text>
      </Stack>
    </Center>
  );
}
