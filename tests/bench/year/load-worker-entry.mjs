// A worker thread does not inherit the main thread's `--import tsx`: it registers tsx itself, then runs the load.
import { register } from 'tsx/esm/api';

register();
await import('./load-worker.ts');
