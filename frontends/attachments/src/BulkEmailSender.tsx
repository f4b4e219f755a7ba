import { type BulkEmailSenderProps, Button, Loader, Text, useLoad } from '@loadline/ui';
import { useState } from 'react';
import { currentUser } from './api/attachments.ts';
import { useAttachmentsApi } from './api/client.ts';
import { BulkEmailSenderModal } from './components/BulkEmailSenderModal/index.ts';
import { EmailRequiredModal } from './components/EmailRequiredModal/index.ts';

/** Ours: the spec keeps bulk sends to the back office without quoting a text for anyone else. */
export const STAFF_ONLY_TEXT = 'The bulk email sender is for broker staff.';

type Me = { kind: 'loading' } | { kind: 'customer' } | { kind: 'staff'; userId: string; email: string };

/**
 * The bulk email sender (exposed as `attachments/BulkEmailSender`, 001 §2): a "Bulk email" button that opens
 * the modal, for broker staff only (the service refuses anyone else too). Emails go out from the sender's
 * address, so a staff member without one gets the 'email required' modal instead.
 */
export default function BulkEmailSender({ shipmentIds, defaultOpened = false }: BulkEmailSenderProps) {
  const client = useAttachmentsApi();
  const [open, setOpen] = useState(defaultOpened);
  const read = useLoad('currentUser', () => currentUser(client));
  const me: Me =
    read.state === 'loaded' && read.data.kind === 'staff'
      ? { kind: 'staff', userId: read.data.userId, email: read.data.email }
      : read.state === 'loaded' || read.state === 'failed'
        ? { kind: 'customer' }
        : { kind: 'loading' };

  if (me.kind === 'loading') return <Loader size="sm" aria-label="Loading" />;
  if (me.kind === 'customer') return <Text size="sm">{STAFF_ONLY_TEXT}</Text>;
  return (
    <>
      <Button size="xs" onClick={() => setOpen(true)}>
        Bulk email
      </Button>
      {open && !me.email && (
        <EmailRequiredModal opened office="backOffice" userId={me.userId} onClose={() => setOpen(false)} />
      )}
      {open && me.email && (
        <BulkEmailSenderModal opened shipmentIds={shipmentIds ?? []} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
