import { describe, expect, it } from 'vitest';
import { AppMetrics, type MetricsSources } from './app-metrics';

const sources = (over: Partial<MetricsSources> = {}): MetricsSources => ({
  connectionCount: () => 0,
  subscriptionCount: () => 0,
  lastSequence: () => Promise.resolve(0),
  deliveredSequence: () => 0,
  ...over,
});

async function gauge(metrics: AppMetrics, name: string): Promise<number> {
  const metric = await metrics.registry.getSingleMetric(name)?.get();
  return metric?.values[0]?.value ?? Number.NaN;
}

describe('AppMetrics', () => {
  it('reports the change-log lag as the log head minus what this instance delivered', async () => {
    const metrics = new AppMetrics();
    let delivered = 7;
    metrics.watch(
      sources({ lastSequence: () => Promise.resolve(10), deliveredSequence: () => delivered }),
      () => undefined,
    );
    expect(await gauge(metrics, 'qa_change_log_lag')).toBe(3);
    delivered = 12; // delivered past the head read a moment before: no negative lag
    expect(await gauge(metrics, 'qa_change_log_lag')).toBe(0);
  });

  it('keeps the scrape working when the database does not answer', async () => {
    const metrics = new AppMetrics();
    const errors: unknown[] = [];
    metrics.watch(
      sources({ lastSequence: () => Promise.reject(new Error('database down')) }),
      (error) => errors.push(error),
    );
    const text = await metrics.scrape();
    // The exposition format spells it NaN (prom-client writes "Nan").
    expect(text).toMatch(/^qa_change_log_lag NaN$/m);
    expect(text).toMatch(/^qa_sync_connections 0$/m);
    expect(errors).toHaveLength(1);
  });

  it('counts a stale If-Match as a rejection with the code stale', async () => {
    const metrics = new AppMetrics();
    metrics.settled({ command: 'audit.update', outcome: 'stale', seconds: 0.01 });
    metrics.settled({ command: 'audit.update', outcome: 'failed', seconds: 0.01 });
    const text = await metrics.scrape();
    expect(text).toContain(
      'qa_commands_total{command="audit.update",outcome="rejected",code="stale"} 1',
    );
    expect(text).toContain('qa_commands_total{command="audit.update",outcome="failed",code=""} 1');
  });
});
