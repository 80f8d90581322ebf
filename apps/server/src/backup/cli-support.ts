import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError } from './backup-manifest.ts';

/**
 * npm runs a workspace's script in the workspace folder; relative paths the user typed (DATA_DIR, the archive,
 * --out) mean the folder they typed them in, which npm passes as INIT_CWD.
 */
export const fromUserCwd = (value: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), value);

export function cliConfig() {
  const config = loadConfig();
  return { ...config, DATA_DIR: fromUserCwd(config.DATA_DIR) };
}

export function cliArguments<T extends ParseArgsConfig>(options: T, usage: string) {
  try {
    return parseArgs(options);
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${usage}`);
  }
}

/** Known failures print their message alone; anything else its stack. Either way the exit code is 1. */
export function runCli(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
