/**
 * `npm run bench`: runs every benchmark and prints its figures. Benchmarks measure; they never
 * fail a build on a number (DESIGN.md section 8).
 */
import { benchApi } from './api.bench';
import { benchBackup } from './backup.bench';
import { benchEntrySize } from './entry-size.bench';
import { benchExecution } from './execution.bench';
import { benchLighthouse } from './lighthouse.bench';
import { benchMeasures } from './measures.bench';
import { benchReporting } from './reporting.bench';
import { benchServerHttp } from './server-http.bench';
import { benchSnapshot } from './snapshot.bench';
import { benchStorm } from './storm.bench';
import { benchSubscribe } from './subscribe.bench';
import { benchSync } from './sync.bench';
import { benchTemplates } from './templates.bench';
import { benchThroughput } from './throughput.bench';
import { benchUi } from './ui.bench';
import { benchVda } from './vda.bench';

const benches: Array<[string, () => Promise<void>]> = [
  ['web entry size', benchEntrySize],
  ['server HTTP', benchServerHttp],
  ['sync engine', benchSync],
  ['write throughput, group commit (issue 16)', benchThroughput],
  ['REST API reads and writes (issue 16)', benchApi],
  ['subscribe cost', benchSubscribe],
  ['snapshot of 50,000 documents (issue 16)', benchSnapshot],
  ['one person storming the sync endpoint (issue 35)', benchStorm],
  ['backup and restore under load (issue 20)', benchBackup],
  ['screens in Chromium', benchUi],
  ['execution in the field (issue 11)', benchExecution],
  ['measures list and dashboard (issue 12)', benchMeasures],
  ['reporting tab and PDF report (issue 13)', benchReporting],
  ['use template (issue 14)', benchTemplates],
  ['VDA 6.3 grade and result matrix (issue 19)', benchVda],
  ['Lighthouse, mobile (slow 4G, 4x CPU)', benchLighthouse],
];

for (const [name, run] of benches) {
  console.log(`\n## ${name}`);
  await run();
}
