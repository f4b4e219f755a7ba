import { type ContentTemplatesPageProps, RemoteModuleIds, RemotePage } from '@loadline/ui';

/** Issue 18 item 7: the attachments remote's content template editor. */
export function ContentTemplatesRoute() {
  return (
    <RemotePage<ContentTemplatesPageProps>
      name="Content templates"
      id={RemoteModuleIds.contentTemplatesPage}
      props={{}}
    />
  );
}
