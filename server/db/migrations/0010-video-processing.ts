// Video processing: every uploaded video is transcoded in the background to an H.264/AAC MP4
// (features/media/video-processing.service.ts). A media row says where it stands, and while it
// is processing, where the original waits and how the job is doing; the job queue is the table.
import { sql, type Kysely } from 'kysely';
import { ddl, type Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function videoProcessing(engine: Engine) {
  const { timestamp } = ddl(engine);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('project_media')
        // 'ready' | 'processing' | 'failed': every row before this migration is ready.
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('ready'))
        .execute();
      for (const [name, type] of [
        // The original upload's storage prefix and extension, until the transcode succeeds or fails.
        ['source_key', 'text'],
        ['source_ext', 'text'],
        // The name the uploader gave it (cleaned), for the owner's e-mail if processing fails.
        ['source_name', 'text'],
        // When the job may be claimed next; while a process transcodes, the end of its lease.
        ['processing_next_at', timestamp],
        ['processing_error', 'text'],
      ] as const) {
        await db.schema.alterTable('project_media').addColumn(name, type).execute();
      }
      await db.schema
        .alterTable('project_media')
        .addColumn('processing_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The transcoding task's question: processing, due, soonest first. Only those rows are indexed.
      await db.schema
        .createIndex('project_media_processing_idx')
        .on('project_media')
        .column('processing_next_at')
        .where(sql.ref('status'), '=', 'processing')
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropIndex('project_media_processing_idx').execute();
      for (const column of ['processing_attempts', 'processing_error', 'processing_next_at', 'source_name', 'source_ext', 'source_key', 'status']) {
        await db.schema.alterTable('project_media').dropColumn(column).execute();
      }
    },
  };
}
