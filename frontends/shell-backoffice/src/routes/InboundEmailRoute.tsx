import { type InboundEmailPageProps, RemoteModuleIds, RemotePage } from '@loadline/ui';

/** Issue 18: the attachments remote's list of mail read from staff mailboxes that named no shipment. */
export function InboundEmailRoute() {
  return (
    <RemotePage<InboundEmailPageProps>
      name="Unmatched email"
      id={RemoteModuleIds.inboundEmailPage}
      props={{}}
    />
  );
}
