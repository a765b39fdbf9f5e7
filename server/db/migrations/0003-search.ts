// Full-text search over title, description, tags, categories and creator name:
// an FTS5 table in SQLite, a weighted tsvector column with a GIN index in PostgreSQL.
// search.repo.ts keeps both in step with every create, edit and rename.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function search(engine: Engine) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (engine === 'sqlite') {
        await sql`create virtual table projects_fts using fts5(title, description, tags, categories, creator, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
        // Deletes come from many places (a project, an account's cascade): the trigger catches them all.
        await sql`create trigger projects_fts_delete after delete on projects begin delete from projects_fts where rowid = old.id; end`.execute(db);
        await sql`insert into projects_fts (rowid, title, description, tags, categories, creator)
          select p.id, p.title, coalesce(p.description, ''),
            coalesce((select group_concat(t.tag, ' ') from project_tags t where t.project_id = p.id), ''),
            replace(p.category, ',', ' '), u.first_name || ' ' || u.last_name
          from projects p join users u on u.id = p.user_id`.execute(db);
        return;
      }
      await sql`alter table projects add column search_vector tsvector not null default ''::tsvector`.execute(db);
      await sql`create index projects_search_idx on projects using gin (search_vector)`.execute(db);
      await sql`update projects p set search_vector =
          setweight(to_tsvector('simple', p.title), 'A') ||
          setweight(to_tsvector('simple', coalesce((select string_agg(t.tag, ' ') from project_tags t where t.project_id = p.id), '')), 'B') ||
          setweight(to_tsvector('simple', replace(p.category, ',', ' ') || ' ' || u.first_name || ' ' || u.last_name), 'C') ||
          setweight(to_tsvector('simple', coalesce(p.description, '')), 'D')
        from users u where u.id = p.user_id`.execute(db);
    },
    async down(db: Kysely<any>): Promise<void> {
      if (engine === 'sqlite') {
        await sql`drop trigger projects_fts_delete`.execute(db);
        await sql`drop table projects_fts`.execute(db);
        return;
      }
      await sql`drop index projects_search_idx`.execute(db);
      await sql`alter table projects drop column search_vector`.execute(db);
    },
  };
}
