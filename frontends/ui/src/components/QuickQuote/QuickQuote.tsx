import { messages } from '@loadline/contracts';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toast } from '../../feedback/toast.ts';
import { quickQuoteUrl } from '../../rules/quickQuote.ts';

export interface QuickQuoteProps {
  /**
   * Validates both zips (000 §5: GET /api/location/validateZipCodes): true when both are valid. Rejects when
   * the check itself fails. Without it the zips go to the order page unchecked.
   */
  validateZips?: (originZip: string, destinationZip: string) => Promise<boolean>;
  /** Opens the order page; a new tab by default. */
  openUrl?: (url: string) => void;
  /** The order page to open: the front office's by default, the back office's new-shipment page for staff. */
  orderPath?: string;
}

const openInNewTab = (url: string) => {
  window.open(url, '_blank', 'noopener');
};

/** Quick quote (000 §2 item 13): origin and destination zip, then the order page (the front office's by default). */
export function QuickQuote({ validateZips, openUrl = openInNewTab, orderPath }: QuickQuoteProps) {
  const [origin, setOrigin] = useState('');
  const [destination, setDestination] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (validateZips) {
      setBusy(true);
      try {
        if (!(await validateZips(origin.trim(), destination.trim()))) {
          toast.warning(messages.zip.someInvalid);
          return;
        }
      } catch {
        toast.error(messages.zip.validateFailed);
        return;
      } finally {
        setBusy(false);
      }
    }
    openUrl(quickQuoteUrl(origin, destination, orderPath));
  };

  return (
    <form onSubmit={submit} aria-label="Quick quote">
      <Stack gap="xs">
        <Text fw={600}>Quick quote</Text>
        <Group grow>
          <TextInput
            label="Origin zip"
            required
            value={origin}
            onChange={(e) => setOrigin(e.currentTarget.value)}
          />
          <TextInput
            label="Destination zip"
            required
            value={destination}
            onChange={(e) => setDestination(e.currentTarget.value)}
          />
        </Group>
        <Button type="submit" loading={busy}>
          Quote
        </Button>
      </Stack>
    </form>
  );
}
