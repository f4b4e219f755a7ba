import {
  AccessLevel,
  type AttachmentTypeCode,
  defaultAccessLevelForAttachmentType,
  messages,
  UPLOAD_PROGRESS_POLL_MS,
} from '@loadline/contracts';
import {
  Alert,
  Button,
  Group,
  Stack,
  serverMessages,
  Text,
  TextInput,
  toast,
  useUnsavedChangesGuard,
} from '@loadline/ui';
import { useEffect, useId, useRef, useState } from 'react';
import type { Attachment } from '../../api/types.ts';
import { type UploadOutcome, uploadFile } from '../../api/upload.ts';
import { accessLevelName, attachmentTypeChoices, defaultsForFile, sizeText } from '../../rules/uploads.ts';

export interface UploadWidgetProps {
  shipmentId: number;
  /** Customers' files are always Public: no access choice. */
  canChooseAccess: boolean;
  onUploaded: (attachment: Attachment) => void;
  /** the upload itself; by default POST /api/files/fileUpload */
  upload?: typeof uploadFile;
}

type State =
  | { step: 'upload'; problem: string | null }
  | { step: 'confirm' }
  | { step: 'processing'; sent: number; total: number }
  | { step: 'success'; attachment: Attachment }
  | { step: 'error'; problems: string[] };

/**
 * The upload widget (001 §4): upload, then confirm, then processing, then success or error. The type is
 * guessed from the file name (001 §5) and sets the default access level (001 §4); both can be changed.
 * Progress is read every 500 ms (001 §9) while the file is sent.
 */
export function UploadWidget({
  shipmentId,
  canChooseAccess,
  onUploaded,
  upload = uploadFile,
}: UploadWidgetProps) {
  const [state, setState] = useState<State>({ step: 'upload', problem: null });
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<AttachmentTypeCode>('Document');
  const [access, setAccess] = useState<number>(AccessLevel.values.Public);
  const [title, setTitle] = useState('');
  // 000 §2, §8: a file chosen and not uploaded asks before the page or its modal is left.
  useUnsavedChangesGuard(file !== null && (state.step === 'upload' || state.step === 'confirm'));
  const progress = useRef({ sent: 0, total: 0 });
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), type: useId(), access: useId() };

  useEffect(() => {
    if (state.step !== 'processing') return;
    const timer = setInterval(
      () => setState((s) => (s.step === 'processing' ? { step: 'processing', ...progress.current } : s)),
      UPLOAD_PROGRESS_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [state.step]);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (chosen) {
      const defaults = defaultsForFile(chosen.name);
      setType(defaults.type);
      setAccess(canChooseAccess ? defaults.accessLevel : AccessLevel.values.Public);
    }
    setState({ step: 'upload', problem: null });
  };

  const start = async () => {
    if (!file) return;
    progress.current = { sent: 0, total: file.size };
    setState({ step: 'processing', sent: 0, total: file.size });
    const outcome: UploadOutcome = await upload(
      { shipmentId, file, attachmentType: type, accessLevel: canChooseAccess ? access : null, title },
      (sent, total) => {
        progress.current = { sent, total };
      },
    );
    if (outcome.ok) {
      setState({ step: 'success', attachment: outcome.data });
      onUploaded(outcome.data);
    } else {
      const problems = serverMessages(outcome.error);
      setState({
        step: 'error',
        problems: problems.length > 0 ? problems : [messages.attachments.uploadFailed],
      });
      toast.error(messages.attachments.uploadFailed);
    }
  };

  const again = () => {
    setFile(null);
    setTitle('');
    if (fileInput.current) fileInput.current.value = '';
    setState({ step: 'upload', problem: null });
  };

  if (state.step === 'confirm' && file) {
    return (
      <Stack gap="xs" role="group" aria-label="Upload">
        <Text size="sm">{`Upload ${file.name} (${sizeText(file.size)}) as ${attachmentTypeChoices.find((c) => c.code === type)?.name ?? type}, ${accessLevelName(access)}?`}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => void start()}>
            Confirm
          </Button>
          <Button size="xs" variant="default" onClick={() => setState({ step: 'upload', problem: null })}>
            Back
          </Button>
        </Group>
      </Stack>
    );
  }
  if (state.step === 'processing') {
    const percent = state.total > 0 ? Math.round((state.sent / state.total) * 100) : 0;
    return (
      <Stack gap="xs" role="group" aria-label="Upload">
        <Text size="sm">{`Uploading ${file?.name ?? ''}… ${percent}%`}</Text>
        <progress aria-label="Upload progress" max={100} value={percent} style={{ width: '100%' }} />
      </Stack>
    );
  }
  if (state.step === 'success') {
    return (
      <Stack gap="xs" role="group" aria-label="Upload">
        <Alert color="green" role="status">{`${state.attachment.fileName} was uploaded.`}</Alert>
        <Button size="xs" variant="light" onClick={again}>
          Upload another
        </Button>
      </Stack>
    );
  }
  if (state.step === 'error') {
    return (
      <Stack gap="xs" role="group" aria-label="Upload">
        <Alert color="red" role="alert" title={messages.attachments.uploadFailed}>
          {state.problems.map((p) => (
            <Text size="sm" key={p}>
              {p}
            </Text>
          ))}
        </Alert>
        <Button size="xs" variant="light" onClick={() => setState({ step: 'upload', problem: null })}>
          Try again
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="xs" role="group" aria-label="Upload">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Text size="xs" fw={500} component="label" htmlFor={ids.file}>
            File
          </Text>
          <input
            id={ids.file}
            ref={fileInput}
            type="file"
            onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" fw={500} component="label" htmlFor={ids.type}>
            Type
          </Text>
          <select
            id={ids.type}
            value={type}
            onChange={(e) => {
              const code = e.currentTarget.value as AttachmentTypeCode;
              setType(code);
              if (canChooseAccess) setAccess(defaultAccessLevelForAttachmentType(code));
            }}
          >
            {attachmentTypeChoices.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </Stack>
        {canChooseAccess && (
          <Stack gap={2}>
            <Text size="xs" fw={500} component="label" htmlFor={ids.access}>
              Access level
            </Text>
            <select id={ids.access} value={access} onChange={(e) => setAccess(Number(e.currentTarget.value))}>
              {[AccessLevel.values.Public, AccessLevel.values.Private].map((level) => (
                <option key={level} value={level}>
                  {accessLevelName(level)}
                </option>
              ))}
            </select>
          </Stack>
        )}
        <TextInput
          size="xs"
          label="Title"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        <Button
          size="xs"
          onClick={() =>
            file
              ? setState({ step: 'confirm' })
              : setState({ step: 'upload', problem: messages.attachments.noFileSelected })
          }
        >
          Upload
        </Button>
      </Group>
      {state.step === 'upload' && state.problem && (
        <Alert color="red" role="alert">
          {state.problem}
        </Alert>
      )}
    </Stack>
  );
}
