import {
  RemoteModuleIds,
  RemotePage,
  type TextMessagesPageProps,
  type ZipCodeSearchPageProps,
} from '@loadline/ui';

/** The ZIP code search page of the tracking remote (000 §2 item 13). */
export function ZipCodeSearchRoute() {
  return (
    <RemotePage<ZipCodeSearchPageProps>
      name="Zip code search"
      id={RemoteModuleIds.zipCodeSearchPage}
      props={{}}
    />
  );
}

/** Development: the text messages the tracking service's local sink recorded (drivers' links). */
export function TextMessagesRoute() {
  return (
    <RemotePage<TextMessagesPageProps>
      name="Text messages"
      id={RemoteModuleIds.textMessagesPage}
      props={{}}
    />
  );
}
