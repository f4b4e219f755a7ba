import { Alert, Stack, Text, Title, usePageTitle, useSearchParams } from '@loadline/ui';

/**
 * The order page the back office's quick quote opens (000 §2 item 13) with originzip and destinationzip.
 * Ordering belongs to the shipments area, which has no remote yet: this page keeps the link working and
 * shows what was asked.
 */
export function OrderRoute() {
  usePageTitle('New order');
  const [params] = useSearchParams();
  return (
    <Stack>
      <Title order={1} size="h2">
        New order
      </Title>
      <Text>
        From {params.get('originzip') || '—'} to {params.get('destinationzip') || '—'}
      </Text>
      <Alert color="blue">Online ordering is not available yet.</Alert>
    </Stack>
  );
}
