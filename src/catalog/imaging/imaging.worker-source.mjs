// The imaging worker when qrelay runs from its TypeScript sources (the tests): tsx compiles the worker
// module on the thread, since a worker thread does not inherit the test runner's compiler.
import { register } from 'tsx/esm/api';

register();
const tasks = import('./imaging.worker.ts');

export const render = tasks.then((m) => m.render);
export const check = tasks.then((m) => m.check);
export const clean = tasks.then((m) => m.clean);
export const sheets = tasks.then((m) => m.sheets);
export const report = tasks.then((m) => m.report);
export const warmUp = tasks.then((m) => m.warmUp);
