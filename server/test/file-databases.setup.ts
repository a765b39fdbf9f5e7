// Run before each API test file (vitest.config.ts setupFiles): the file's spare test databases
// go when its tests end, although the files of a worker share build-test-app's module.
import { afterAll } from 'vitest';
import { releaseFileDatabases } from './build-test-app';

afterAll(releaseFileDatabases);
