// A worker thread's first code. The server runs its TypeScript through tsx, whose hooks a worker thread does not
// inherit (Node 20): the thread registers them itself, then loads its TypeScript entry (workerData.entry).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
