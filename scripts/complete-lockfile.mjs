// The registry this project installs from serves only the Linux builds of some packages with per-platform
// binaries (biome). npm install then leaves the other platforms out of package-lock.json, and npm ci refuses
// the lock as out of sync. This adds the missing optional platform entries (never installed on Linux, so
// they need no download address) for every such package. Run after regenerating the lock from scratch.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

/** '@biomejs/cli-linux-x64-musl' -> { os: 'linux', cpu: 'x64', libc: 'musl' }. */
function platformOf(name) {
  const match = /-(android|darwin|linux|win32|freebsd)-(arm64|x64|ia32|arm)(?:-(musl|gnu))?$/.exec(name);
  return match ? { os: match[1], cpu: match[2], libc: match[3] } : null;
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const hoisted = `node_modules/${name}`;
    if (packages[hoisted] || packages[`${path}/${hoisted}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[hoisted] = {
      version,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      os: [platform.os],
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} missing platform entries added.`);
