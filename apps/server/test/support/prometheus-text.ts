import {
  getMetricsFromIterator,
  type PromData,
  type PromHistogramData,
  type PromMetric,
  type PromMetrics,
} from 'prom2javascript';

/**
 * A scrape read by a Prometheus text-format parser (prom2javascript: it throws on a line it
 * cannot read and on a histogram whose +Inf bucket differs from its count), with lookups by
 * metric name and labels.
 */
export class Scrape {
  private constructor(readonly families: PromMetrics) {}

  static async parse(text: string): Promise<Scrape> {
    return new Scrape(await getMetricsFromIterator(text.split('\n')[Symbol.iterator]()));
  }

  family(name: string): PromMetric {
    const family = this.families[name];
    if (!family) throw new Error(`no metric ${name} in the scrape`);
    return family;
  }

  has(name: string): boolean {
    return name in this.families;
  }

  /** The samples whose labels include `labels`. */
  private samples<T extends PromData | PromHistogramData>(
    name: string,
    labels: Record<string, string>,
  ): T[] {
    return (this.family(name).data as T[]).filter((sample) =>
      Object.entries(labels).every(([key, value]) => (sample.labels[key] ?? '') === value),
    );
  }

  /** A counter's or gauge's value; 0 for a label set not seen yet (counters start there). */
  value(name: string, labels: Record<string, string> = {}): number {
    const [sample, ...more] = this.samples<PromData>(name, labels);
    if (more.length > 0) throw new Error(`${name} ${JSON.stringify(labels)}: several samples`);
    return sample?.value ?? 0;
  }

  /** A histogram's observation count over the label sets that include `labels` (0 if none). */
  count(name: string, labels: Record<string, string> = {}): number {
    return this.samples<PromHistogramData>(name, labels).reduce((sum, h) => sum + h.count, 0);
  }

  /** Every value a label takes in a metric's samples. */
  labelValues(name: string, label: string): string[] {
    const data = this.family(name).data as (PromData | PromHistogramData)[];
    return [...new Set(data.map((sample) => sample.labels[label] ?? ''))];
  }
}
