import {
  type BulkEmailSenderProps,
  RemoteModuleIds,
  RemotePage,
  Stack,
  Text,
  Title,
  useSearchParams,
} from '@loadline/ui';

/**
 * The bulk email sender of the attachments remote (001 §2), opened at once. `?shipments=10008,10009` starts
 * the list with those shipments (a link from a list of shipments can pass them).
 */
export function BulkEmailRoute() {
  const [query] = useSearchParams();
  const shipmentIds = (query.get('shipments') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1} size="h3">
        Bulk email
      </Title>
      <Text size="sm">
        Send many shipments' documents to their customers or to one address, or tell an organization its
        invoices are ready.
      </Text>
      <RemotePage<BulkEmailSenderProps>
        name="Bulk email"
        id={RemoteModuleIds.bulkEmailSender}
        props={{ shipmentIds, defaultOpened: true }}
      />
    </Stack>
  );
}
