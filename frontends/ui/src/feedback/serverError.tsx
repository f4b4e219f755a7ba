import { Alert, List } from '@mantine/core';
import { serverMessages } from '../api/errors.ts';

/**
 * What a modal shows when the server refuses (spec 001 §8): on a 400 the server's messages as a list; on a
 * 409 a warning with the server's text; otherwise the error text the modal is configured with.
 */
export type ServerErrorFeedback =
  | { kind: 'messages'; messages: string[] }
  | { kind: 'warning'; text: string }
  | { kind: 'error'; text: string };

export function serverErrorFeedback(
  status: number,
  body: unknown,
  configuredErrorText: string,
): ServerErrorFeedback {
  const found = serverMessages(body);
  if (status === 400 && found.length > 0) return { kind: 'messages', messages: found };
  if (status === 409 && found.length > 0) return { kind: 'warning', text: found.join(' ') };
  return { kind: 'error', text: configuredErrorText };
}

/** Renders a ServerErrorFeedback inside a modal. */
export function ServerErrorAlert({ feedback }: { feedback: ServerErrorFeedback | null }) {
  if (!feedback) return null;
  if (feedback.kind === 'messages') {
    return (
      <Alert color="red" role="alert">
        <List size="sm">
          {feedback.messages.map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  return (
    <Alert color={feedback.kind === 'warning' ? 'yellow' : 'red'} role="alert">
      {feedback.text}
    </Alert>
  );
}
