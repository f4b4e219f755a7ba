import { AccessLevel } from '@loadline/contracts';
import { Anchor, Badge, Button, formatDateTime, Group, Table, Text } from '@loadline/ui';
import { attachmentUrl } from '../../api/attachments.ts';
import type { Attachment } from '../../api/types.ts';
import { sizeText } from '../../rules/uploads.ts';

export interface AttachmentListProps {
  attachments: Attachment[];
  /** Staff: a Public/Private choice and a delete button per row. */
  onAccessLevel?: (attachment: Attachment, level: number) => void;
  onDelete?: (attachment: Attachment) => void;
  busyId?: string | null;
}

/** The attachments of a shipment (001 §3: attachmentId, attachmentType, fileName, accessLevel), each a download link. */
export function AttachmentList({ attachments, onAccessLevel, onDelete, busyId = null }: AttachmentListProps) {
  if (attachments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No attachments yet.
      </Text>
    );
  }
  return (
    <Table aria-label="Attachments list" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>File</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Access</Table.Th>
          <Table.Th>Uploaded</Table.Th>
          {(onAccessLevel || onDelete) && <Table.Th aria-label="Actions" />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attachments.map((a) => (
          <Table.Tr key={a.attachmentId}>
            {/* a long name without spaces wraps anywhere rather than widening the page past its columns */}
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Anchor href={attachmentUrl(a.attachmentId, a.attachmentType)} size="sm" download={a.fileName}>
                {a.fileName}
              </Anchor>
              <Text size="xs" c="dimmed">
                {[a.title, sizeText(a.sizeBytes)].filter(Boolean).join(' · ')}
              </Text>
            </Table.Td>
            <Table.Td>{a.attachmentTypeName}</Table.Td>
            <Table.Td>
              {onAccessLevel ? (
                <select
                  aria-label={`Access level of ${a.fileName}`}
                  value={a.accessLevel}
                  disabled={busyId === a.attachmentId}
                  onChange={(e) => onAccessLevel(a, Number(e.currentTarget.value))}
                >
                  {[AccessLevel.values.Public, AccessLevel.values.Private].map((level) => (
                    <option key={level} value={level}>
                      {AccessLevel.nameOf(level)}
                    </option>
                  ))}
                </select>
              ) : (
                <Badge variant="light" color={a.accessLevel === AccessLevel.values.Public ? 'blue' : 'gray'}>
                  {AccessLevel.nameOf(a.accessLevel)}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="xs">{formatDateTime(a.createdDate)}</Text>
              <Text size="xs" c="dimmed">
                {a.uploadedBy}
              </Text>
            </Table.Td>
            {(onAccessLevel || onDelete) && (
              <Table.Td>
                <Group gap={4} justify="flex-end">
                  {onDelete && (
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="subtle"
                      aria-label={`Delete ${a.fileName}`}
                      disabled={busyId === a.attachmentId}
                      onClick={() => onDelete(a)}
                    >
                      Delete
                    </Button>
                  )}
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
