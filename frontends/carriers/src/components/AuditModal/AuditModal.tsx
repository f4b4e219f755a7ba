import { AuditQuestionType, messages, STAR_SCORE_MAX } from '@loadline/contracts';
import {
  Button,
  errorToastText,
  Group,
  Modal,
  modalSizes,
  Stack,
  Text,
  toast,
  useUnsavedChangesGuard,
} from '@loadline/ui';
import { useEffect, useId, useState } from 'react';
import { recordAudit } from '../../api/carriers.ts';
import { useCarriersApi } from '../../api/client.ts';
import type { AuditQuestion, AuditRecorded, CarrierLeg } from '../../api/types.ts';

export type AuditCategory = 'Pickup' | 'Delivery';
type Answer = boolean | number | string;

export interface AuditModalProps {
  opened: boolean;
  onClose: () => void;
  shipmentId: number;
  leg: CarrierLeg;
  category: AuditCategory;
  /** the category's questions (GET /api/brokerCarrier/auditQuestions) */
  questions: readonly AuditQuestion[];
  /** the audit already recorded, edited here (a new one replaces it) */
  answers?: Readonly<Record<string, Answer>>;
  onRecorded: (answer: AuditRecorded) => void;
}

/** The success toast (ours: the spec quotes no text for audits). */
export const AUDIT_SAVED_TEXT = 'Audit saved.';

const Q = AuditQuestionType.byCode;

function QuestionInput({
  question,
  value,
  onChange,
  disabled,
}: {
  question: AuditQuestion;
  value: Answer | undefined;
  onChange: (v: Answer) => void;
  disabled: boolean;
}) {
  const id = useId();
  if (question.type === Q.StarRating.code)
    return (
      <Group gap={4} role="radiogroup" aria-label={question.text}>
        {Array.from({ length: STAR_SCORE_MAX }, (_, i) => i + 1).map((n) => (
          <label
            key={n}
            style={{ cursor: 'pointer', fontSize: 20, color: (value as number) >= n ? '#f59f00' : '#ced4da' }}
          >
            <input
              type="radio"
              name={id}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              disabled={disabled}
              aria-label={`${n} star${n === 1 ? '' : 's'}`}
              style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
            />
            ★
          </label>
        ))}
      </Group>
    );
  if (question.type === Q.Bool.code)
    return (
      <Group gap="sm" role="radiogroup" aria-label={question.text}>
        {[
          { v: true, label: 'Yes' },
          { v: false, label: 'No' },
        ].map((o) => (
          <Text size="sm" component="label" key={o.label}>
            <input
              type="radio"
              name={id}
              checked={value === o.v}
              onChange={() => onChange(o.v)}
              disabled={disabled}
            />{' '}
            {o.label}
          </Text>
        ))}
      </Group>
    );
  return (
    <select
      aria-label={question.text}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      disabled={disabled}
    >
      <option value="" disabled>
        --Select--
      </option>
      {question.options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.value}
        </option>
      ))}
    </select>
  );
}

/**
 * A pickup or delivery audit of a leg's carrier (002 §3.9: questions answered by star rating, yes/no or a
 * choice). Saved with POST /api/brokerCarrier/audit; the carrier score moves at once.
 */
export function AuditModal({
  opened,
  onClose,
  shipmentId,
  leg,
  category,
  questions,
  answers,
  onRecorded,
}: AuditModalProps) {
  const client = useCarriersApi();
  const [values, setValues] = useState<Record<string, Answer>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (opened) setValues({ ...(answers ?? {}) });
  }, [opened, answers]);
  const complete = questions.every((q) => values[q.questionId] !== undefined);
  // 000 §2, §8: answers given and not saved ask before Esc, the X or Cancel discard them.
  const dirty = opened && JSON.stringify(values) !== JSON.stringify({ ...(answers ?? {}) });
  const { confirmLeave } = useUnsavedChangesGuard(dirty && !saving);
  const close = confirmLeave(onClose);

  async function save() {
    setSaving(true);
    const answer = await recordAudit(client, {
      shipmentId,
      transitLegId: leg.transitLegId,
      category,
      answers: values,
    });
    setSaving(false);
    if (!answer.ok) {
      toast.error(errorToastText(answer.error, messages.common.genericError));
      return;
    }
    toast.success(AUDIT_SAVED_TEXT);
    onRecorded(answer.data);
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      size={modalSizes.medium}
      title={`${category} audit · ${leg.carrierMasterName ?? ''}`}
    >
      <Stack gap="sm">
        {questions.map((q) => (
          <Stack gap={2} key={q.questionId}>
            <Text size="sm" fw={500}>
              {q.text}
            </Text>
            <QuestionInput
              question={q}
              value={values[q.questionId]}
              onChange={(v) => setValues((s) => ({ ...s, [q.questionId]: v }))}
              disabled={saving}
            />
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={saving}>
            {messages.dialogs.generic.cancel}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!complete}>
            Save audit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
