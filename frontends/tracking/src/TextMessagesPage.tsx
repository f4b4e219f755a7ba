// Exposed as `tracking/TextMessagesPage`: development only. The text messages the tracking service's local
// sink recorded instead of sending (TEXT_PROVIDER=local), newest first, so the drivers' links can be
// opened by hand. With a real provider the service answers 404 and the page says so.
import {
  Alert,
  Button,
  formatDateTime,
  Group,
  Stack,
  Table,
  Text,
  type TextMessagesPageProps,
  Title,
  useLoad,
  usePageTitle,
} from '@loadline/ui';
import { useTrackingCalls } from './api/client.ts';
import type { TextMessage } from './api/types.ts';

const linkIn = (body: string) => /(https?:\/\/\S+)/.exec(body)?.[1];

export function TextMessagesPage(_props: TextMessagesPageProps) {
  usePageTitle('Text messages (development)');
  const calls = useTrackingCalls();
  const read = useLoad('textMessages', () => calls.textMessages());
  const load = read.reload;
  const messagesSent: TextMessage[] | null = read.last ?? null;
  const unavailable = read.state === 'failed';

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Text messages (development)
        </Title>
        <Button size="xs" variant="default" onClick={load}>
          Refresh
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Messages the local text-message sink recorded instead of sending them.
      </Text>
      {unavailable && (
        <Alert color="gray">Text messages go through a real provider here: its own console lists them.</Alert>
      )}
      {messagesSent && messagesSent.length === 0 && <Text size="sm">No text message yet.</Text>}
      {messagesSent && messagesSent.length > 0 && (
        <Table aria-label="Text messages" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sent</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messagesSent.map((m) => {
              const link = linkIn(m.body);
              return (
                <Table.Tr key={m.messageId}>
                  <Table.Td>{formatDateTime(m.sentAt)}</Table.Td>
                  <Table.Td>{m.to}</Table.Td>
                  <Table.Td>
                    {m.body}
                    {link && (
                      <>
                        {' '}
                        <a href={link} target="_blank" rel="noreferrer">
                          Open the driver’s page
                        </a>
                      </>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export default TextMessagesPage;
