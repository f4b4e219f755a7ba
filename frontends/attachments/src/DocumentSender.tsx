import { Button, type DocumentSenderProps } from '@loadline/ui';
import { useState } from 'react';
import { currentUser } from './api/attachments.ts';
import { useAttachmentsApi } from './api/client.ts';
import { DocumentSenderModal } from './components/DocumentSenderModal/index.ts';
import { EmailRequiredModal } from './components/EmailRequiredModal/index.ts';

/**
 * The document sender (exposed as `attachments/DocumentSender`, 000 §2 item 12): a button that opens the
 * email and fax modal, in its back-office or front-office version, or the 'email required' modal for a
 * user without an email address.
 */
export default function DocumentSender({ shipmentId, office }: DocumentSenderProps) {
  const client = useAttachmentsApi();
  const [open, setOpen] = useState<null | 'sender' | { emailRequired: string }>(null);

  const start = async () => {
    const me = await currentUser(client);
    if (me.ok && !me.data.email) setOpen({ emailRequired: me.data.userId });
    else setOpen('sender');
  };

  return (
    <>
      <Button size="compact-xs" onClick={() => void start()}>
        Send documents
      </Button>
      {open === 'sender' && (
        <DocumentSenderModal opened shipmentId={shipmentId} office={office} onClose={() => setOpen(null)} />
      )}
      {open !== null && open !== 'sender' && (
        <EmailRequiredModal
          opened
          office={office}
          userId={open.emailRequired}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
