import { useId } from 'react';
import { type StarFill, starFills, starsLabel } from '../../rules/stars.ts';

export interface StarsProps {
  /** the star score, to the nearest half star; null: not rated */
  stars: number | null | undefined;
  size?: number;
}

const path = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';
const gold = '#f59f00';
const grey = '#ced4da';

function Star({ fill, size, gradient }: { fill: StarFill; size: number; gradient: string }) {
  const colour = fill === 'full' ? gold : fill === 'half' ? `url(#${gradient})` : grey;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" data-fill={fill}>
      <path d={path} fill={colour} stroke={fill === 'empty' ? grey : gold} strokeWidth={1} />
    </svg>
  );
}

/** Five stars (000 §2 item 8), full, half or empty by the star score. */
export function Stars({ stars, size = 16 }: StarsProps) {
  const gradient = `half-${useId().replace(/:/g, '')}`;
  return (
    <span
      role="img"
      aria-label={starsLabel(stars)}
      style={{ display: 'inline-flex', gap: 1, verticalAlign: 'middle' }}
    >
      <svg width={0} height={0} aria-hidden="true" style={{ position: 'absolute' }}>
        <defs>
          <linearGradient id={gradient}>
            <stop offset="50%" stopColor={gold} />
            <stop offset="50%" stopColor={grey} />
          </linearGradient>
        </defs>
      </svg>
      {starFills(stars).map((fill, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are positions
        <Star key={i} fill={fill} size={size} gradient={gradient} />
      ))}
    </span>
  );
}
