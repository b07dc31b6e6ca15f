import { demoTotpSecret } from '../db/demo-totp';
import { totpCode } from '../lib/totp';

/**
 * `npm run demo:code -- <login>`: the current authenticator code of a demo back-office login (its seed is the one
 * `npm start` prints), for trying the back office without an authenticator app. Demo seeds only.
 */
const login = process.argv[2] ?? 'demoop';
console.log(`${login}: ${totpCode(demoTotpSecret(login), new Date())} (seed ${demoTotpSecret(login)})`);
