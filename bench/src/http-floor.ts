import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runOpenLoad } from './load';
import { cpuMeter, serverProcess } from './setup';

type WalletRequest = { url: string; body: unknown; headers?: Record<string, string> };

/**
 * The wallet bench's reference for the machine itself: the same load client, at the same rate and for as long,
 * against a bare HTTP server in its own process that does a wallet call's protocol work (signature, JSON, a
 * signed reply) and no more (http-floor-server.ts). What it costs and how long it takes is the part of the
 * wallet's figures that no platform code and no database can take away on this machine.
 * `request(n, port)` makes the n-th request for the floor server's port.
 */
export async function httpFloor(
  options: { rate: number; seconds: number; warmupSeconds: number; secret: string },
  request: (n: number, port: number) => WalletRequest,
): Promise<Record<string, number | null>> {
  const child = fork(fileURLToPath(new URL('./http-floor-server.ts', import.meta.url)), [], {
    env: { ...process.env, HTTP_FLOOR_SECRET: options.secret },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message: { port: number }) => resolve(message.port));
      child.once('exit', (code) => reject(new Error(`http floor server exited (${String(code)})`)));
    });
    const isOk = (reply: Record<string, unknown>) => reply.status === 'RS_OK';
    const maxOutstanding = 512;
    const serverUrl = `http://127.0.0.1:${port}`;
    const pid = serverProcess(serverUrl);
    // Measured as the wallet's run is: the warm-up and the window one load (load.ts, runOpenLoad).
    const measured: { cpuSince?: ReturnType<typeof cpuMeter> } = {};
    const load = await runOpenLoad(
      'wallet.http_floor',
      {
        rate: options.rate,
        seconds: options.seconds,
        warmupSeconds: options.warmupSeconds,
        maxOutstanding,
        isOk,
        onWindow: () => {
          measured.cpuSince = cpuMeter(serverUrl, pid);
        },
      },
      (n) => request(n, port),
    );
    if (!measured.cpuSince) throw new Error('the measured window never started');
    const cpu = measured.cpuSince(load.ok, 'calls');
    return {
      http_floor_answered_per_second: load.throughput,
      http_floor_failed: load.failed,
      http_floor_p50_ms: load.p50_ms,
      http_floor_p99_ms: load.p99_ms,
      http_floor_server_cpu_ms_per_1000_calls: cpu.server_cpu_ms_per_1000_calls ?? null,
      http_floor_client_cpu_ms_per_1000_calls: cpu.client_cpu_ms_per_1000_calls ?? null,
      http_floor_machine_cpu_busy_share: cpu.machine_cpu_busy_share ?? null,
      http_floor_machine_cpu_wait_share: cpu.machine_cpu_wait_share ?? null,
      http_floor_machine_cpu_steal_share: cpu.machine_cpu_steal_share ?? null,
    };
  } finally {
    // A server that already ended (it failed to start) has no channel left to close.
    if (child.connected) child.disconnect();
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
  }
}
