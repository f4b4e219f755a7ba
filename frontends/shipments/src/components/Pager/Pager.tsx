import { Button, Group } from '@loadline/ui';
import { clampPage, pagerPages } from '../../rules/pager.ts';

export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** The table pager (000 §4, §9): the current page clamps to at least 1; up to 4 pages before and 5 after. */
export function Pager({ page, pages, onPage }: PagerProps) {
  const at = clampPage(page, pages);
  if (pages <= 1) return null;
  return (
    <Group gap={4} role="navigation" aria-label="Pages">
      <Button size="compact-sm" variant="default" disabled={at <= 1} onClick={() => onPage(at - 1)}>
        ‹
      </Button>
      {pagerPages(at, pages).map((p) => (
        <Button
          key={p}
          size="compact-sm"
          variant={p === at ? 'filled' : 'default'}
          aria-current={p === at ? 'page' : undefined}
          aria-label={`Page ${p}`}
          onClick={() => onPage(p)}
        >
          {p}
        </Button>
      ))}
      <Button size="compact-sm" variant="default" disabled={at >= pages} onClick={() => onPage(at + 1)}>
        ›
      </Button>
    </Group>
  );
}
