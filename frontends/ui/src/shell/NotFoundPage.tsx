import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../hooks/usePageTitle.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack>
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text>This page does not exist here.</Text>
      <Anchor component={Link} to="/">
        Back to the start page
      </Anchor>
    </Stack>
  );
}
