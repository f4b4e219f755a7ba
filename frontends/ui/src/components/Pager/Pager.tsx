import { Button, Group } from '@mantine/core';
import { clampPage, pagerPages } from '../../rules/pager.ts';

export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** The table pager (000 §4, §9): up to 4 pages before the current one and 5 after; none for one page. */
export function Pager({ page, pages, onPage }: PagerProps) {
  const at = clampPage(page, pages);
  if (pages <= 1) return null;
  return (
    <Group gap={4} role="navigation" aria-label="Pages">
      <Button
        size="compact-sm"
        variant="default"
        disabled={at <= 1}
        aria-label="Previous page"
        onClick={() => onPage(at - 1)}
      >
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
      <Button
        size="compact-sm"
        variant="default"
        disabled={at >= pages}
        aria-label="Next page"
        onClick={() => onPage(at + 1)}
      >
        ›
      </Button>
    </Group>
  );
}
