// Exposed as directory/EditSignature: the edit signature modal (001 §2), opened from the user menu. The
// signature is rich text appended to mail the staff member sends (decision 0073): typed here, or pasted from
// a mail program with its formatting. The service keeps it within an allow-list (decision 0070) and answers
// what it stored, which the editor then shows. 'Unable to load signature.' (001 §8) when it cannot be read.
import { messages } from '@loadline/contracts';
import { SIGNATURE_MAX_LENGTH } from '@loadline/contracts/rules/mailbox';
import {
  Button,
  Group,
  LoadView,
  Modal,
  modalSizes,
  ServerErrorAlert,
  type ServerErrorFeedback,
  Stack,
  serverErrorFeedback,
  Text,
  toast,
  UnsavedChangesScope,
  type UserMenuModalProps,
  useApi,
  useLoad,
  useUnsavedChangesGuard,
  useUnsavedChangesScope,
} from '@loadline/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { getSignature, type Signature, saveSignature } from './api/mailbox.ts';

/** Ours: the spec quotes no texts for these. */
export const SIGNATURE_TEXTS = Object.freeze({
  title: 'Edit signature',
  saved: 'Signature saved.',
  saveFailed: 'Unable to save your signature. Please try again.',
  hint: 'Appended to the mail you send from Loadline. Paste it from your mail program to keep its formatting.',
});

/** Formatting buttons: the browser's own editing commands on the selection. */
const FORMATS = [
  { command: 'bold', label: 'Bold', text: 'B' },
  { command: 'italic', label: 'Italic', text: 'I' },
  { command: 'underline', label: 'Underline', text: 'U' },
] as const;

function SignatureEditor({ signature, onDone }: { signature: Signature; onDone: () => void }) {
  const client = useApi();
  const editor = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const [saved, setSaved] = useState(signature.signature);
  const [html, setHtml] = useState(signature.signature);
  const [saving, setSaving] = useState(false);
  const [feedback, setFeedback] = useState<ServerErrorFeedback | null>(null);
  const { confirmLeave } = useUnsavedChangesGuard(html !== saved && !saving);

  // The editor shows what the service stored (sanitized by it) at the start and after each save; typing
  // is left to the browser.
  useEffect(() => {
    if (editor.current && editor.current.innerHTML !== saved) editor.current.innerHTML = saved;
  }, [saved]);

  const format = (command: string) => {
    editor.current?.focus();
    if (typeof document.execCommand === 'function') document.execCommand(command);
    setHtml(editor.current?.innerHTML ?? '');
  };

  const save = async () => {
    if (html.length > SIGNATURE_MAX_LENGTH) {
      setFeedback({ kind: 'error', text: `A signature holds at most ${SIGNATURE_MAX_LENGTH} characters.` });
      return;
    }
    setSaving(true);
    setFeedback(null);
    const answer = await saveSignature(client, html);
    setSaving(false);
    if (!answer.ok) {
      setFeedback(serverErrorFeedback(answer.status, answer.error, SIGNATURE_TEXTS.saveFailed));
      return;
    }
    toast.success(SIGNATURE_TEXTS.saved);
    setSaved(answer.data.signature);
    setHtml(answer.data.signature);
    onDone();
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {SIGNATURE_TEXTS.hint}
      </Text>
      <ServerErrorAlert feedback={feedback} />
      <Group gap={4} role="toolbar" aria-label="Formatting">
        {FORMATS.map((f) => (
          <Button
            key={f.command}
            size="compact-xs"
            variant="default"
            aria-label={f.label}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => format(f.command)}
          >
            {f.text}
          </Button>
        ))}
      </Group>
      <Text size="xs" fw={500} id={labelId}>
        Signature
      </Text>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich text box has no native element */}
      <div
        ref={editor}
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-labelledby={labelId}
        contentEditable={!saving}
        suppressContentEditableWarning
        onInput={(e) => setHtml(e.currentTarget.innerHTML)}
        style={{
          minHeight: 120,
          maxHeight: 360,
          overflow: 'auto',
          padding: 8,
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 4,
          fontSize: 14,
        }}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" disabled={saving} onClick={confirmLeave(onDone)}>
          {messages.dialogs.generic.cancel}
        </Button>
        <Button loading={saving} onClick={() => void save()}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

export default function EditSignature({ opened, onClose }: UserMenuModalProps) {
  const client = useApi();
  const load = useLoad(opened ? 'staffSignature' : null, () => getSignature(client));
  // Esc, the X and a click outside ask first while the signature holds unsaved changes (000 §2, §8).
  const guard = useUnsavedChangesScope();
  return (
    <Modal
      opened={opened}
      onClose={guard.confirmLeave(onClose)}
      size={modalSizes.large}
      title={SIGNATURE_TEXTS.title}
    >
      <UnsavedChangesScope scope={guard.scope}>
        <LoadView load={load} loading="Loading your signature" failed={messages.email.signatureLoadFailed}>
          {(signature) => <SignatureEditor signature={signature} onDone={onClose} />}
        </LoadView>
      </UnsavedChangesScope>
    </Modal>
  );
}
