// `npm run dev`: the API in watch mode and Vite's dev server with HMR, side by side.
// Open http://localhost:5173; Vite forwards /api and /media to the API on PORT.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/cli/serve.ts'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: ROOT, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
