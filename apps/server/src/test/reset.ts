/**
 * Emptying a migrated test database back to the state the migrations left it in, so that the
 * tests of one file can share one database instead of each loading or copying a new one
 * (CONTRIBUTING.md §5.2; decision record 0084). Made once per run from the migrated template,
 * on the engine under test, as two SQL texts:
 * - `reset`: with triggers and foreign-key checks off for the session, deletes every row of every
 *   table, puts back the rows the migrations wrote, and sets every sequence back to where the
 *   migrations left it;
 * - `fingerprint`: a query answering one text that changes whenever a test changed the schema
 *   itself (a table, column, function or trigger made or dropped): such a database is closed,
 *   never reused.
 */
export interface ResetScript {
  reset: string;
  fingerprint: string;
}

/** Runs a query and answers its rows: PGlite's client.query or a pg pool's, wrapped by the caller. */
export type Query = <Row>(text: string) => Promise<Row[]>;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Every catalog a schema change writes to: how many rows it has, and the newest object's id. */
export const FINGERPRINT = `select concat_ws('/',
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_class),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_proc),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_trigger),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_type),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_constraint),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_namespace),
  (select count(*) || ':' || coalesce(max(oid::int8), 0) from pg_extension),
  (select count(*) from pg_attribute where not attisdropped)) as fingerprint`;

/** Reads the migrated template and writes the script that brings a used copy of it back. */
export async function resetScript(query: Query): Promise<ResetScript> {
  const tables = await query<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const statements = ['set session_replication_role = replica'];
  for (const table of tables) statements.push(`delete from ${quoteIdent(table.schema)}.${quoteIdent(table.name)}`);

  for (const table of tables) {
    const name = `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
    // Columns a row can be written to: generated ones are computed again.
    const columns = await query<{ name: string }>(
      `select attname as name from pg_attribute
       where attrelid = ${quoteLiteral(name)}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
       order by attnum`,
    );
    const list = columns.map((column) => quoteIdent(column.name)).join(', ');
    const [rows] = await query<{ json: string | null }>(
      `select json_agg(t)::text as json from (select ${list} from ${name}) t`,
    );
    if (!rows?.json) continue;
    statements.push(
      `insert into ${name} (${list}) overriding system value select ${list} from json_populate_recordset(null::${name}, ${quoteLiteral(rows.json)})`,
    );
  }

  const sequences = await query<{ schema: string; name: string; start: string; last: string | null }>(
    `select schemaname as schema, sequencename as name, start_value::text as start, last_value::text as last
     from pg_sequences order by 1, 2`,
  );
  for (const sequence of sequences) {
    const name = quoteLiteral(`${quoteIdent(sequence.schema)}.${quoteIdent(sequence.name)}`);
    statements.push(
      sequence.last === null
        ? `select setval(${name}, ${sequence.start}, false)`
        : `select setval(${name}, ${sequence.last}, true)`,
    );
  }
  statements.push('reset session_replication_role');
  return { reset: statements.map((statement) => `${statement};`).join('\n'), fingerprint: FINGERPRINT };
}
