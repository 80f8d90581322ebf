// npm start: the production server (API and built web app on one port): the server's bundle made afresh,
// the web app built first if it has no build yet.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = new URL('../apps/web/dist/index.html', import.meta.url);

if (!existsSync(webIndex)) {
  console.log('Belum ada build aplikasi web, membangun dulu (sekali saja)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@eusulan/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server's bundle is made every time (under a second), so it always matches the sources.
const serverBuild = spawnSync('npm', ['run', 'build', '-w', '@eusulan/server'], {
  cwd: root,
  stdio: 'inherit',
});
if (serverBuild.status !== 0) process.exit(serverBuild.status ?? 1);

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
