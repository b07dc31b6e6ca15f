import { boot } from '../boot';
import { parseConfig } from '../config';
import { seedDemo } from '../db/seed';

const runtime = await boot(parseConfig());
const { created } = await seedDemo(runtime.ctx);
console.log(created ? 'demo data created' : 'demo data already present');
await runtime.close();
