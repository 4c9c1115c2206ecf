import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One query of a table by a module's file: how it names it (`selectFrom`, `join`, `sql`…). */
export interface TableQuery {
  module: string;
  file: string;
  table: string;
  how: 'selectFrom' | 'insertInto' | 'updateTable' | 'deleteFrom' | 'join' | 'sql';
}

/** Kysely's builders, with the table as their first argument (`'trades as t'` too). */
const BUILDER =
  /\b(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*['"]([a-z_0-9]+)(?:\s+as\s+\w+)?['"]/g;
/** Raw SQL in a `sql` template: the word after from, join, into or update. */
const RAW_SQL = /\bsql(?:<[^`]*>)?`([^`]*)`/g;
const RAW_TABLE = /\b(?:from|join|into|update)\s+([a-z_][a-z_0-9]*)\b/gi;

/** Every table query in the source (not test) files of `modulesDir`'s module folders. */
export function tableQueries(modulesDir: string, tables: ReadonlySet<string>): TableQuery[] {
  const found: TableQuery[] = [];
  const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory());
  for (const { name: module } of modules) {
    const files = readdirSync(path.join(modulesDir, module), {
      withFileTypes: true,
      recursive: true,
    })
      .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
      .map((e) => path.join(e.parentPath, e.name));
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const at = (table: string, how: TableQuery['how']) =>
        found.push({ module, file: path.relative(modulesDir, file), table, how });
      for (const [, builder, table] of text.matchAll(BUILDER))
        at(table!, builder!.endsWith('Join') ? 'join' : (builder as TableQuery['how']));
      for (const [, body] of text.matchAll(RAW_SQL))
        for (const [, word] of body!.matchAll(RAW_TABLE))
          if (tables.has(word!.toLowerCase())) at(word!.toLowerCase(), 'sql');
    }
  }
  return found;
}
