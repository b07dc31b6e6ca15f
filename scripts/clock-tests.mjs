#!/usr/bin/env node
/**
 * The suites whose answers depend on the time of day, run at the instants where those answers change, with the
 * whole process's clock set there by libfaketime (Debian's `faketime`): the test code, the server it builds and
 * the embedded PostgreSQL all read the same moved clock, and it runs on from there. Without this tier a suite met
 * such an instant only when a run happened to cross it: a CI run at 18:45 GMT+8 on a Sunday found every test that
 * bought a 4D ticket taking the draw whose sales had just closed.
 *
 * Embedded database only: a real PostgreSQL server keeps its own clock, so it would disagree with the moved one.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const HOUR = 3_600_000;
const GMT8 = 8 * HOUR;

const suites = (...names) => names.map((name) => `apps/server/test/${name}.test.ts`);
/** Every suite whose answers depend on the date or the time of day. */
const DAY_SUITES = suites(
  'betting',
  'bo-rounds',
  'catalog',
  'draws',
  'fair-days',
  'feed',
  'games-lobby',
  'lottery',
  'markets',
  'minigame',
  'racing',
  'reports',
  'statement',
  'winloss-products',
);
/** Those of the betting day (noon to noon GMT+8): statements, reports, win/loss, rounds and daily seeds. */
const BETTING_DAY_SUITES = suites(
  'bo-rounds',
  'draws',
  'fair-days',
  'games-lobby',
  'markets',
  'minigame',
  'reports',
  'statement',
  'winloss-products',
);
/** Those that buy 4D tickets. */
const LOTTERY_SUITES = suites('bo-rounds', 'lottery', 'winloss-products');

/**
 * The next instant after `now` that is `hhmmss` GMT+8 on a day whose GMT+8 weekday is in `weekdays` (all days if
 * empty), as libfaketime's absolute form.
 */
function nextGmt8(now, hhmmss, weekdays = []) {
  const [h, m, s] = hhmmss.split(':').map(Number);
  for (let day = 0; day <= 7; day += 1) {
    const local = new Date(now + GMT8 + day * 24 * HOUR);
    const at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), h, m, s) - GMT8;
    if (at > now && (weekdays.length === 0 || weekdays.includes(local.getUTCDay()))) {
      return new Date(at).toISOString().replace('T', ' ').slice(0, 19);
    }
  }
  throw new Error(`no ${hhmmss} GMT+8 in the coming week`);
}

const now = Date.now();
const INSTANTS = [
  // 4D sales close 15 minutes before the 19:00 GMT+8 draw (Wednesday, Saturday, Sunday).
  { name: '4D sales closed before a draw', at: nextGmt8(now, '18:50:00', [3]), suites: LOTTERY_SUITES },
  // The GMT+8 date turns while the suites run: 'today', a day's results, the daily seeds.
  { name: 'midnight GMT+8', at: nextGmt8(now, '23:58:30'), suites: DAY_SUITES },
  // The betting day turns at noon GMT+8: statements, reports, win/loss days.
  { name: 'noon GMT+8', at: nextGmt8(now, '11:58:30'), suites: BETTING_DAY_SUITES },
];

function libfaketime() {
  const roots = ['/usr/lib', '/usr/local/lib', ...readdirSync('/usr/lib').map((dir) => `/usr/lib/${dir}`)];
  const found = roots.map((root) => `${root}/faketime/libfaketimeMT.so.1`).find((path) => existsSync(path));
  if (!found) {
    console.error('clock tests: libfaketime not found; install it with `apt-get install faketime`');
    process.exit(1);
  }
  return found;
}

/** One instant's suites in a process of their own; its output is printed whole when it ends. */
function runAt(instant, env) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'server-integration', ...instant.suites], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`== clock tests at ${instant.at} UTC: ${instant.name}`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const preload = libfaketime();
const base = { ...process.env };
delete base.TEST_DATABASE_URL;
delete base.TEST_REDIS_URL;
// The instants run at once, each with its own embedded database (one file at a time within each).
const passed = await Promise.all(
  INSTANTS.map((instant) =>
    runAt(instant, {
      ...base,
      // libfaketime reads FAKETIME in the local zone: UTC, as the instants are written.
      TZ: 'UTC',
      LD_PRELOAD: preload,
      FAKETIME: `@${instant.at}`,
      // Timers and time-outs keep real time; only the wall clock moves.
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    }),
  ),
);
process.exit(passed.every(Boolean) ? 0 : 1);
