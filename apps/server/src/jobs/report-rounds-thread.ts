import { parentPort, threadId, workerData } from 'node:worker_threads';
import pino from 'pino';
import { openDatabase } from '../db/database';
import { gameReports } from '../modules/statement/service';
import type { ReportThreadData, ReportThreadMessage } from './report-rounds';
import { JobRunner } from './runner';

/**
 * The report thread's own side (started by ReportThread in report-rounds.ts): the report job on its own event
 * loop, heap and connection. It runs until the server asks it to stop, then lets the run under way finish (a
 * batch is one transaction) and closes its connection, so the thread ends of itself.
 */
async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('the report job runs on a worker thread');
  const data = workerData as ReportThreadData;
  const log = pino({ level: data.logLevel, base: { thread: 'report-rounds' } });
  const database = await openDatabase(data.target);
  const jobs = new JobRunner(log);
  jobs.register({
    name: 'report-game-rounds',
    intervalMs: data.intervalMs,
    run: () => gameReports.countDue(database.db),
  });
  port.on('message', (message: ReportThreadMessage) => {
    if (message.t !== 'stop') return;
    void jobs
      .stop()
      .then(() => database.close())
      .finally(() => port.close());
  });
  jobs.start();
  port.postMessage({ t: 'ready', threadId } satisfies ReportThreadMessage);
}

await main();
