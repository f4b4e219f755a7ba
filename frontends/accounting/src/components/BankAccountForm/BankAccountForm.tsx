// The bank account form (001 §3 bankAccount; ACH): routing number (the ABA checksum), account number, name on
// the account, bank; each field says what is wrong as the user types (once touched) or after a submit.
import type { BankAccountInput } from '@loadline/contracts';
import { TextInput } from '@loadline/ui';
import { type BankField, bankFieldProblems } from '../../rules/payment.ts';

export interface BankAccountFormProps {
  account: BankAccountInput;
  onChange: (account: BankAccountInput) => void;
  shown: ReadonlySet<BankField>;
  onTouched: (field: BankField) => void;
  serverErrors?: Partial<Record<BankField, string>>;
  disabled?: boolean;
}

const fields: readonly { field: BankField; label: string; numeric: boolean }[] = [
  { field: 'routingNumber', label: 'Routing number', numeric: true },
  { field: 'accountNumber', label: 'Account number', numeric: true },
  { field: 'nameOnAccount', label: 'Name on account', numeric: false },
  { field: 'bankName', label: 'Bank name', numeric: false },
];

export function BankAccountForm({
  account,
  onChange,
  shown,
  onTouched,
  serverErrors = {},
  disabled = false,
}: BankAccountFormProps) {
  const problems = bankFieldProblems(account);
  return (
    <>
      {fields.map(({ field, label, numeric }) => (
        <TextInput
          key={field}
          label={label}
          inputMode={numeric ? 'numeric' : 'text'}
          value={account[field]}
          disabled={disabled}
          error={(shown.has(field) ? problems[field] : undefined) ?? serverErrors[field]}
          onChange={(e) => {
            onTouched(field);
            onChange({ ...account, [field]: e.currentTarget.value });
          }}
        />
      ))}
    </>
  );
}
