import { execFile } from 'node:child_process';

/** One sample every this many milliseconds: 50 a second, a load PostgreSQL does not notice. */
const SAMPLE_MS = 20;

export type ConnectionStates = Record<string, number | null>;

/**
 * What the connections named `applicationName` were doing over the next `seconds`, sampled inside PostgreSQL by
 * one psql started now (pg_stat_activity, its snapshot cleared before each sample). Each sample counts once: one
 * of them running a statement on the CPU, else in its own I/O (mostly its commit's WAL sync), else waiting on
 * anything else (a lock, a sleep); none of them busy is idle (waiting for the server's next statement or the
 * rest of it). The wallet runs a lane's statements one at a time, so a large idle share beside a latency well
 * above a statement's own time says where a call waits: in the server process, not in the database. A sample
 * with no such connection open counts for nothing, so null figures say none was ever seen (a renamed pool, a
 * server on another database) or that psql failed, never an idle wallet.
 */
export function connectionStates(
  url: string,
  applicationName: string,
  seconds: number,
): Promise<ConnectionStates> {
  const statement = `do $$
    declare
      deadline timestamptz := clock_timestamp() + interval '${Math.ceil(seconds)} seconds';
      cpu int := 0; io int := 0; waiting int := 0; idle int := 0;
      now_busy record;
    begin
      while clock_timestamp() < deadline loop
        perform pg_stat_clear_snapshot();
        select count(*) as present,
          count(*) filter (where state = 'active' and wait_event_type is null) as cpu,
          count(*) filter (where state = 'active' and wait_event_type = 'IO') as io,
          count(*) filter (where state = 'active' and wait_event_type not in ('IO', 'Client')) as waiting
        into now_busy
        from pg_stat_activity where application_name = '${applicationName.replace(/'/g, "''")}';
        if now_busy.present = 0 then null;
        elsif now_busy.cpu > 0 then cpu := cpu + 1;
        elsif now_busy.io > 0 then io := io + 1;
        elsif now_busy.waiting > 0 then waiting := waiting + 1;
        else idle := idle + 1;
        end if;
        -- Each sample its own transaction: one held for the window would hold back the cleanup of dead rows.
        commit;
        perform pg_sleep(${SAMPLE_MS / 1000});
      end loop;
      raise notice 'states % % % %', cpu, io, waiting, idle;
    end $$`;
  return new Promise((resolve) => {
    execFile('psql', [url, '-X', '-qc', statement], { encoding: 'utf8' }, (_error, _out, err) =>
      resolve(sharesOf(err)),
    );
  });
}

/** The shares from the sampler's closing notice (`states cpu io waiting idle`); null figures without one. */
export function sharesOf(psqlOutput: string): ConnectionStates {
  const [cpu = 0, io = 0, waiting = 0, idle = 0] =
    /states (\d+) (\d+) (\d+) (\d+)/.exec(psqlOutput)?.slice(1).map(Number) ?? [];
  const samples = cpu + io + waiting + idle;
  const share = (count: number) => (samples === 0 ? null : Number((count / samples).toFixed(3)));
  return {
    wallet_connection_busy_share: share(cpu + io + waiting),
    wallet_connection_cpu_share: share(cpu),
    wallet_connection_io_share: share(io),
    wallet_connection_wait_share: share(waiting),
  };
}
