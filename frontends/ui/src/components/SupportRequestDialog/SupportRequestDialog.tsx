import { messages, SupportRequestType, type SupportRequestTypeValue } from '@loadline/contracts';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useApi } from '../../api/ApiContext.tsx';
import { modalSizes } from '../../feedback/modalSizes.ts';
import {
  ServerErrorAlert,
  type ServerErrorFeedback,
  serverErrorFeedback,
} from '../../feedback/serverError.tsx';
import { toast } from '../../feedback/toast.ts';
import { useUnsavedChangesGuard } from '../../feedback/unsavedChanges.tsx';
import { catalogueOptions } from '../CatalogueOptions/index.ts';

export interface SupportRequestDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The page the request is about; the current address by default. */
  currentURL?: string;
}

const typeOptions = catalogueOptions(SupportRequestType);

/** The support request modal (000 §2 item 12, §3, §7): POST /api/support/create. */
export function SupportRequestDialog({ opened, onClose, currentURL }: SupportRequestDialogProps) {
  const client = useApi();
  const [type, setType] = useState<string>(String(SupportRequestType.values.Other));
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ServerErrorFeedback | null>(null);

  // 000 §2, §8: a description typed and not sent asks before Esc, the X or Cancel discard it.
  const { confirmLeave } = useUnsavedChangesGuard(opened && description.trim() !== '' && !busy);
  const close = confirmLeave(() => {
    setFailure(null);
    setDescription('');
    onClose();
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const { error, response } = await client.POST('/api/support/create', {
        body: {
          supportRequestType: Number(type) as SupportRequestTypeValue,
          currentURL: currentURL ?? window.location.href,
          description,
        },
      });
      if (response.ok) {
        toast.success(messages.support.ticketSent);
        setDescription('');
        close();
      } else {
        setFailure(serverErrorFeedback(response.status, error, messages.common.genericError));
      }
    } catch {
      setFailure(serverErrorFeedback(0, undefined, messages.common.genericError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Support request" size={modalSizes.medium}>
      <form onSubmit={submit}>
        <Stack>
          <ServerErrorAlert feedback={failure} />
          <Select
            label="Type"
            data={typeOptions}
            value={type}
            onChange={(v) => setType(v ?? type)}
            allowDeselect={false}
          />
          <Textarea
            label="Description"
            autosize
            minRows={4}
            required
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {messages.dialogs.generic.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
