// npm start: the server starts at once (its port answers while it prepares the database and demo data),
// and the web app is built beside it only when its sources changed since the last build.
import { spawn } from 'node:child_process';
import { buildWebIfChanged } from './web-build.mjs';

const server = spawn('npm', ['run', 'start', '-w', '@dossier/server'], { stdio: 'inherit', env: process.env });
const stop = (signal) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

const built = await buildWebIfChanged();
if (built !== 0) {
  console.error('web app: the build failed; the API runs, the pages will not until `npm run build` succeeds');
}
