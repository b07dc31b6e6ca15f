import { execFile, execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { connectionStates, sharesOf } from './connection-states';

/** The real PostgreSQL the integration tier uses (CI exports it for the whole test run). */
const url = process.env.TEST_DATABASE_URL;

/** A statement run by psql under `name` as its application_name, in the background. */
function runAs(name: string, statement: string): Promise<void> {
  return new Promise((resolve) => {
    execFile('psql', [url ?? '', '-X', '-qc', statement], { env: { ...process.env, PGAPPNAME: name } }, () =>
      resolve(),
    );
  });
}

describe('wallet connection states', () => {
  it('reads the shares from the closing notice, and none without one', () => {
    expect(sharesOf('psql:3: NOTICE:  states 30 10 5 55\n')).toEqual({
      wallet_connection_busy_share: 0.45,
      wallet_connection_cpu_share: 0.3,
      wallet_connection_io_share: 0.1,
      wallet_connection_wait_share: 0.05,
    });
    expect(sharesOf('psql: error: connection refused')).toEqual({
      wallet_connection_busy_share: null,
      wallet_connection_cpu_share: null,
      wallet_connection_io_share: null,
      wallet_connection_wait_share: null,
    });
  });

  it.skipIf(!url)('samples a connection on the CPU, one waiting, one idle, and none', async () => {
    const spin = runAs(
      'states-cpu',
      "do $$ begin while clock_timestamp() < now() + interval '2 seconds' loop null; end loop; end $$",
    );
    const sleep = runAs('states-sleep', 'select pg_sleep(2)');
    // Connected, and idle while psql's shell command runs.
    const idle = runAs('states-idle', '\\! sleep 2');
    // The sampler starts as the two do; a margin for their connections to open on a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sampled = Promise.all([
      connectionStates(url ?? '', 'states-cpu', 1),
      connectionStates(url ?? '', 'states-sleep', 1),
      connectionStates(url ?? '', 'states-idle', 1),
      connectionStates(url ?? '', 'states-nobody', 1),
    ]);
    // Midway, each sampler's transaction is a sample old at most: none holds back the cleanup of dead rows.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const oldest = execFileSync(
      'psql',
      [
        url ?? '',
        '-X',
        '-Atc',
        `select count(*), coalesce(max(extract(epoch from clock_timestamp() - xact_start)), 99)
         from pg_stat_activity where query like '%pg_stat_clear_snapshot%' and pid <> pg_backend_pid()`,
      ],
      { encoding: 'utf8' },
    );
    const [samplers, oldestSeconds] = oldest.trim().split('|').map(Number);
    expect(samplers).toBe(4);
    expect(oldestSeconds).toBeLessThan(0.3);
    const [cpu, waiting, idling, nobody] = await sampled;
    await Promise.all([spin, sleep, idle]);
    expect(cpu.wallet_connection_cpu_share).toBeGreaterThan(0.8);
    expect(waiting.wallet_connection_wait_share).toBeGreaterThan(0.8);
    expect(idling.wallet_connection_busy_share).toBe(0);
    // No such connection at all: no figure, not an idle one (a renamed pool must not read as an idle wallet).
    expect(nobody.wallet_connection_busy_share).toBeNull();
  });
});
