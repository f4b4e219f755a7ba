// A labelled progress bar (a progressbar with its value in whole percents), apart from the tracker so a screen
// that shows bytes moving (an upload) has it without loading the tracker's polling.
import { clampPercent } from '../../rules/progress.ts';

/** A labelled progress bar (a progressbar with its value in whole percents); red when `failed`. */
export function ProgressBar({
  label,
  value,
  failed = false,
}: {
  label: string;
  value: number;
  failed?: boolean;
}) {
  const percent = clampPercent(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      style={{
        height: 14,
        borderRadius: 7,
        background: 'var(--mantine-color-gray-2)',
        overflow: 'hidden',
        minWidth: 240,
      }}
    >
      <div
        style={{
          width: `${percent}%`,
          height: '100%',
          background: failed ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-loadline-6)',
          transition: 'width 200ms linear',
        }}
      />
    </div>
  );
}
