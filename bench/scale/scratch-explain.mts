import Database from 'better-sqlite3';
const db = new Database('/tmp/scale-sqlite/app.db', { readonly: true });
const top = db.prepare('select id, title from projects order by likes_count desc limit 1').get() as { id: number; title: string };
const tagsOf = db.prepare('select tag from project_tags where project_id = ?').all(top.id).map((r: any) => r.tag);
const catsOf = db.prepare('select category from project_categories where project_id = ?').all(top.id).map((r: any) => r.category);
const q = (tags: string[]) => tags.map(() => '?').join(',');
const queries: [string, string, unknown[]][] = [
  ['trending page 1', 'select * from projects order by trending_score desc, id desc limit 13', []],
  ['recent page 1', 'select * from projects order by created_at desc, id desc limit 13', []],
  ['trending deep keyset', 'select * from projects where (trending_score < ? or (trending_score = ? and id < ?)) order by trending_score desc, id desc limit 13', [1, 1, 50000]],
  ['category Production Design', "select * from projects where exists (select 1 from project_categories where project_id = projects.id and category in ('Production Design')) order by trending_score desc, id desc limit 13", []],
  ['rare tag', "select * from projects where exists (select 1 from project_tags where project_id = projects.id and tag in ('greeting card')) order by trending_score desc, id desc limit 13", []],
  ['missing tag', "select * from projects where exists (select 1 from project_tags where project_id = projects.id and tag in ('no-such-tag')) order by trending_score desc, id desc limit 13", []],
  ['similar (listSimilar)', `select * from (select projects.*, (select count(*) from project_tags where project_tags.project_id = projects.id and tag in (${q(tagsOf)})) as shared_tags, (select count(*) from project_categories where project_categories.project_id = projects.id and category in (${q(catsOf)})) as shared_categories from projects where projects.id != ? and (projects.id in (select project_id from project_tags where tag in (${q(tagsOf)})) or projects.id in (select project_id from project_categories where category in (${q(catsOf)})))) as scored order by 2 * scored.shared_tags + scored.shared_categories desc, scored.trending_score desc, scored.id desc limit 8`, [...tagsOf, ...catsOf, top.id, ...tagsOf, ...catsOf]],
  ['search rows "neon"', `select p.* from (select rowid as id, bm25(projects_fts, 10.0, 1.0, 4.0, 2.0, 2.0) as rank from projects_fts where projects_fts match '"neon"*') m join projects p on p.id = m.id where 1 = 1 order by rank, p.id desc limit 13 offset 0`, []],
  ['search count "neon"', `select count(*) as n from projects_fts f join projects p on p.id = f.rowid where projects_fts match '"neon"*' and 1 = 1`, []],
  ['search count "ai"', `select count(*) as n from projects_fts f join projects p on p.id = f.rowid where projects_fts match '"ai"*' and 1 = 1`, []],
  ['site totals', 'select count(*), sum(views_count), sum(likes_count) from projects', []],
  ['category counts', 'select project_categories.category, count(*), count(distinct projects.user_id) from project_categories inner join projects on projects.id = project_categories.project_id group by project_categories.category', []],
  ['liked page', 'select projects.*, likes.created_at as liked_at from likes inner join projects on projects.id = likes.project_id where likes.user_id = 1 order by likes.created_at desc, likes.project_id desc limit 13', []],
  ['creator projects', 'select * from projects where user_id = ? order by created_at desc, id desc limit 13', [1]],
  ['live jobs', "select * from jobs where status = 'active' and active_until > ? order by active_until desc, id desc limit 13", [new Date().toISOString()]],
  ['sitemap newest 40000', 'select id, updated_at from projects order by created_at desc, id desc limit 40000', []],
  ['sitemap active creators', 'select user_id, max(updated_at) as lastmod from projects group by user_id order by lastmod desc, user_id desc limit 9000', []],
];
for (const [name, text, params] of queries) {
  const stmt = db.prepare(text);
  let best = Infinity;
  for (let i = 0; i < 3; i++) { const t = performance.now(); stmt.all(...params); best = Math.min(best, performance.now() - t); }
  const plan = db.prepare(`explain query plan ${text}`).all(...params).map((r: any) => r.detail).join(' | ');
  console.log(`${name}: ${best.toFixed(1)} ms\n    ${plan}`);
}
