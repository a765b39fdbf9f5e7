// A local S3-compatible server for tests (s3rver): one bucket, in a temporary folder, with
// the fixed credentials s3rver accepts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const S3_TEST_BUCKET = 'media';

export interface TS3Server {
  /** The S3_* variables that point the app's storage at this server. */
  env: { S3_BUCKET: string; S3_ENDPOINT: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<TS3Server> {
  const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dir, 'buckets'), configureBuckets: [{ name: S3_TEST_BUCKET, configs: [] }] });
  const { port } = await server.run();
  return {
    env: { S3_BUCKET: S3_TEST_BUCKET, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
