// Exposed as directory/StaffDetailsPage: a user of the broker or of one of its customers, where the universal
// search sends staff results (001 §2: /back-office/lsp/broker-staff/details/{staffId},
// /back-office/customer/staff/details/{staffId}). Edit is offered when the service says something may change.
import { StaffPermission, TmsRole } from '@loadline/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  type Loaded,
  LoadView,
  Paper,
  Stack,
  type StaffPageProps,
  Table,
  Text,
  Title,
  useApi,
  useAppNavigate,
  useLoad,
  usePageTitle,
} from '@loadline/ui';
import type { ReactNode } from 'react';
import { getUser, type UserDetails } from './api/users.ts';
import { canChangeAnything, editPathOf, organizationPathOf } from './rules/staff.ts';

/** Ours: the spec quotes no text for a user that cannot be shown. */
export const USER_NOT_FOUND_TEXT = 'This user was not found.';
export const USER_LOAD_FAILED_TEXT = 'Unable to load this user. Please reload the page.';

/** Loads one user for the staff pages. */
export function useUserDetails(staffId: string): Loaded<UserDetails> {
  const client = useApi();
  return useLoad(['user', staffId], () => getUser(client, staffId));
}

/** What the staff pages say when the user cannot be shown. */
export const userLoadFailedText = ({ status }: { status: number }) =>
  status === 404 ? USER_NOT_FOUND_TEXT : USER_LOAD_FAILED_TEXT;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={180}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

export default function StaffDetailsPage({ staffId }: StaffPageProps) {
  const load = useUserDetails(staffId);
  const navigate = useAppNavigate();
  const loaded = load.state === 'loaded' ? load.data : null;
  usePageTitle(loaded ? `${loaded.firstName} ${loaded.lastName}` : 'Staff');
  return (
    <LoadView load={load} loading="Loading the user" failed={userLoadFailedText} padding="xl">
      {(user) => {
        const permissions = StaffPermission.list(user.permissions);
        const roles = user.roles.map((code) => TmsRole.fromCode(code)?.name ?? code);
        const edit = editPathOf(user);
        const organization = organizationPathOf(user);
        return (
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Title order={1} size="h2">{`${user.firstName} ${user.lastName}`}</Title>
                <Group gap="xs">
                  <Badge variant="light">{user.kind === 'staff' ? 'Broker staff' : 'Customer staff'}</Badge>
                  <Badge color={user.active ? 'green' : 'gray'} variant="light">
                    {user.active ? 'Active' : 'Inactive'}
                  </Badge>
                </Group>
              </Stack>
              {canChangeAnything(user) && (
                <Button
                  component="a"
                  href={edit}
                  onClick={(e: { preventDefault: () => void }) => {
                    e.preventDefault();
                    navigate(edit);
                  }}
                >
                  Edit
                </Button>
              )}
            </Group>
            <Paper withBorder p="sm">
              <Table aria-label="User">
                <Table.Tbody>
                  <Row label="Email">
                    {user.email ? <Anchor href={`mailto:${user.email}`}>{user.email}</Anchor> : '—'}
                  </Row>
                  <Row label="Organization">
                    <Anchor
                      href={organization}
                      onClick={(e) => {
                        e.preventDefault();
                        navigate(organization);
                      }}
                    >
                      {user.organizationName}
                    </Anchor>
                  </Row>
                  <Row label="Roles">{roles.join(', ')}</Row>
                  {user.kind === 'staff' && (
                    <Row label="Permissions">
                      {permissions.length === 0 ? (
                        <Text size="sm">None</Text>
                      ) : (
                        <Group gap={4}>
                          {permissions.map((p) => (
                            <Badge key={p.code} variant="outline" color="gray" tt="none">
                              {p.name}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Row>
                  )}
                </Table.Tbody>
              </Table>
            </Paper>
          </Stack>
        );
      }}
    </LoadView>
  );
}
