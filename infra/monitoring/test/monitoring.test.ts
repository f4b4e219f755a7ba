// The monitoring files an operator deploys: the Prometheus scrape configuration finds every service, and
// every alert rule and dashboard panel is valid PromQL naming metrics the services really define.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = new URL('../../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

/** Every metric the services define (`new Gauge({ name: 'loadline_…'`, `runtime.counter('loadline_…')`, `runtime.gauge(…)`) and the HTTP histogram. */
const defined = new Set<string>(['http_request_duration_seconds']);
for (const service of readdirSync(join(root, 'services'))) {
  const src = join(root, 'services', service, 'src');
  if (!statSync(join(root, 'services', service)).isDirectory()) continue;
  for (const file of sources(src))
    for (const m of readFileSync(file, 'utf8').matchAll(
      /(?:new (?:Gauge|Counter|Histogram)(?:<[^>]*>)?\(\{\s*name:\s*|\.counter\(\s*|\.gauge\(\s*|consumerGauge\(\s*)['"](loadline_[a-z_]+)['"]/g,
    ))
      defined.add(m[1]!);
}
const known = (name: string) => defined.has(name) || defined.has(name.replace(/_(bucket|count|sum)$/, ''));

/** The metric names an expression uses, or why it does not parse. */
function metricsOf(expr: string): { names: string[]; error?: string } {
  const tree = parser.parse(expr);
  const names: string[] = [];
  let error: string | undefined;
  tree.iterate({
    enter: (node) => {
      if (node.type.isError)
        error ??= `does not parse at ${node.from}: ${expr.slice(node.from, node.from + 30)}`;
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        names.push(expr.slice(node.from, node.to));
    },
  });
  return error ? { names, error } : { names };
}

describe('the metrics check itself', () => {
  it('finds a bad expression and an unknown metric', () => {
    expect(metricsOf('sum(rate(loadline_outbox_published_total[5m]) by (service)').error).toBeDefined();
    expect(metricsOf('max(loadline_no_such_thing) > 0').names.every(known)).toBe(false);
    expect(metricsOf('max by (service) (loadline_outbox_backlog_rows) > 0')).toEqual({
      names: ['loadline_outbox_backlog_rows'],
    });
  });
});

describe('infra/monitoring/alerts.yml', () => {
  const rules = (
    parse(read('infra/monitoring/alerts.yml')) as {
      groups: {
        name: string;
        rules: {
          alert: string;
          expr: string;
          for: string;
          labels: Record<string, string>;
          annotations: Record<string, string>;
        }[];
      }[];
    }
  ).groups.flatMap((g) => g.rules);

  it('has the alerts issue 20 names: backlog growing, consumer stuck, dead letters, queue failures', () => {
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining(['OutboxBacklogGrowing', 'ConsumerStuck', 'DeadLetters', 'QueueFailures']),
    );
  });

  it.each(
    rules.map((r) => [r.alert, r] as const),
  )('%s parses, names defined metrics, and says what and where', (_, rule) => {
    const { names, error } = metricsOf(rule.expr);
    expect(error).toBeUndefined();
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !known(n))).toEqual([]);
    expect(rule.for).toMatch(/^\d+[smh]$/);
    expect(['critical', 'warning']).toContain(rule.labels.severity);
    expect(rule.annotations.summary).toBeTruthy();
    expect(rule.annotations.runbook).toBeTruthy();
  });
});

describe('infra/monitoring/grafana/loadline.json', () => {
  const dashboard = JSON.parse(read('infra/monitoring/grafana/loadline.json')) as {
    uid: string;
    panels: { id: number; title: string; targets: { expr: string; refId: string }[] }[];
  };

  it('has panels with unique ids, each with a query', () => {
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) expect(panel.targets.length, panel.title).toBeGreaterThan(0);
  });

  it('queries only defined metrics, in valid PromQL, and shows every loadline_ metric somewhere', () => {
    const used = new Set<string>();
    for (const panel of dashboard.panels)
      for (const target of panel.targets) {
        const { names, error } = metricsOf(target.expr);
        expect(error, `${panel.title}: ${target.expr}`).toBeUndefined();
        expect(
          names.filter((n) => !known(n)),
          panel.title,
        ).toEqual([]);
        for (const n of names) used.add(n.replace(/_(bucket|count|sum)$/, ''));
      }
    expect([...defined].filter((n) => n.startsWith('loadline_') && !used.has(n))).toEqual([]);
  });
});

describe('infra/monitoring/prometheus.yml', () => {
  const config = parse(read('infra/monitoring/prometheus.yml')) as {
    rule_files: string[];
    scrape_configs: {
      job_name: string;
      static_configs?: { targets: string[] }[];
      kubernetes_sd_configs?: unknown[];
    }[];
  };
  const manifest = parse(read('tilt.yaml')) as {
    gateway: { name: string; port: number };
    services: { name: string; port: number }[];
  };

  it('loads the alert rules and scrapes the gateway and every service of tilt.yaml (compose) and the Kubernetes pods', () => {
    expect(config.rule_files).toEqual(['alerts.yml']);
    const targets = config.scrape_configs.flatMap((j) => j.static_configs ?? []).flatMap((s) => s.targets);
    expect(targets.sort()).toEqual(
      [manifest.gateway, ...manifest.services].map((p) => `${p.name}:${p.port}`).sort(),
    );
    expect(config.scrape_configs.some((j) => j.kubernetes_sd_configs)).toBe(true);
  });
});
