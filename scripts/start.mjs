// `npm start`: builds the web app and the back-office app (served at /bo-app/), then runs the platform and the provider simulator side by side.
// The two share an HMAC secret, made once and kept in apps/server/.data/provider-sim.secret (gitignored).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web', '-w', 'apps/backoffice'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

function sharedSecret() {
  const file = join(root, 'apps/server/.data/provider-sim.secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const secret = sharedSecret();
const platformPort = process.env.PORT || '3000';
const simPort = process.env.SIM_PORT || '3900';
const platformUrl = `http://127.0.0.1:${platformPort}`;
const simUrl = process.env.SIM_PUBLIC_URL || `http://127.0.0.1:${simPort}`;

// The simulator first: the platform syncs its game catalogue from the simulator's list as it starts.
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(root, 'apps/provider-sim'),
    stdio: 'inherit',
    env: {
      ...process.env,
      SIM_PORT: simPort,
      SIM_PUBLIC_URL: simUrl,
      SIM_SECRET: secret,
      SIM_WALLET_URL: platformUrl,
    },
  }),
];
console.log(`\n  starting the provider simulator (${simUrl}) and the platform (${platformUrl})\n`);
const deadline = Date.now() + 30_000;
while (Date.now() < deadline && children[0].exitCode === null) {
  const up = await fetch(`http://127.0.0.1:${simPort}/healthz`).then(
    (response) => response.ok,
    () => false,
  );
  if (up) break;
  await new Promise((resolveWait) => setTimeout(resolveWait, 200));
}
if (children[0].exitCode !== null) process.exit(children[0].exitCode || 1);
children.push(
  // The server's young generation as ARCHITECTURE.md ("The server process") sets it (apps/server's start script).
  spawn(
    process.execPath,
    ['--max-semi-space-size=64', '--conditions=source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: join(root, 'apps/server'),
      stdio: 'inherit',
      env: { ...process.env, PORT: platformPort, PROVIDER_SIM_URL: simUrl, PROVIDER_SIM_SECRET: secret },
    },
  ),
);

// Two brands from the one platform (white label): each host name is served its own brand.
console.log(
  [
    '',
    `  brand Demo  http://localhost:${platformPort}  (or ${platformUrl})  members demomyr, demousd, ... operator demoop`,
    `  brand Jade  http://jade.localhost:${platformPort}  members jadethb, jadeusd  operator jadeop`,
    '  password Demo1234 (*.localhost reaches this machine in any current browser, no setup needed)',
    '',
  ].join('\n'),
);

// Signals go to both; when one process ends, the other is stopped and npm start ends with its code.
let exitCode = null;
const stopAll = (signal) => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children) {
  child.on('exit', (code, signal) => {
    exitCode ??= code ?? (signal ? 1 : 0);
    stopAll('SIGTERM');
    if (children.every((other) => other.exitCode !== null || other.signalCode !== null))
      process.exit(exitCode);
  });
}
