import { accountBench } from './account';
import { bettingBench } from './betting';
import { crashBench } from './crash';
import { marketsBench } from './markets';
import { pushBench } from './push';
import { reportsBench } from './reports';
import { settlementBench } from './settlement';
import { tournamentBench } from './tournament';
import { walletBench } from './wallet';

/** `npm run bench [-- <suite>...] [--seconds N]`: prints one JSON line per figure. */
const suites: Record<string, (seconds: number) => Promise<object[]>> = {
  account: accountBench,
  betting: bettingBench,
  crash: crashBench,
  markets: marketsBench,
  push: pushBench,
  reports: reportsBench,
  settlement: settlementBench,
  tournament: tournamentBench,
  wallet: walletBench,
};

const args = process.argv.slice(2);
const secondsFlag = args.indexOf('--seconds');
const seconds = secondsFlag >= 0 ? Number(args[secondsFlag + 1]) : 10;
const chosen = args.filter((arg, i) => !arg.startsWith('--') && (secondsFlag < 0 || i !== secondsFlag + 1));
const names = chosen.length > 0 ? chosen : Object.keys(suites);

for (const name of names) {
  const suite = suites[name];
  if (!suite) {
    console.error(`unknown bench suite: ${name} (have: ${Object.keys(suites).join(', ')})`);
    process.exit(2);
  }
  for (const figure of await suite(seconds)) console.log(JSON.stringify(figure));
}
process.exit(0);
