import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient } from "../src/client.ts";
import * as generatedEnums from "../src/generated/prisma/enums.ts";
import { migrate } from "../src/migrate.ts";
import { migrationsDir } from "../src/paths.ts";
import { createDatabase, type TestDatabase } from "../src/testing/server.ts";

/*
 * The SQL migrations are written by hand (Prisma's schema engine cannot run here), so nothing but
 * this test stops them drifting from schema.prisma. The model side comes from the generated client
 * itself, i.e. what the running code sends to PostgreSQL:
 *   - its runtime data model (models, tables, fields, columns, scalar/enum types), and
 *   - the schema text it was generated from (`inlineSchema`), for what the runtime model leaves
 *     out in Prisma 7: optionality, lists, native types, enum values' database names, ids,
 *     uniques, indexes and relations. A parser mistake cannot go unnoticed: the parsed schema is
 *     compared with the runtime model first.
 */

// ---------------------------------------------------------------------------------------------
// The data model as the generated client sees it

interface RuntimeField {
  name: string;
  kind: "scalar" | "enum" | "object" | "unsupported";
  type: string;
  dbName?: string | null;
}
interface RuntimeDataModel {
  models: Record<string, { dbName?: string | null; fields: RuntimeField[] }>;
}

export interface FieldSpec {
  name: string;
  column: string;
  /** "unsupported": `Unsupported("<type>")`, a column Prisma neither reads nor writes; `type` is the database type. */
  kind: "scalar" | "enum" | "unsupported";
  type: string;
  required: boolean;
  list: boolean;
  /** `@db.X` without arguments, e.g. "Uuid", "Timestamptz". */
  nativeType?: string;
}

export interface ForeignKeySpec {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  /** PostgreSQL's spelling: CASCADE, RESTRICT, SET NULL, NO ACTION, SET DEFAULT. */
  onDelete: string;
}

export interface ModelSpec {
  name: string;
  table: string;
  fields: FieldSpec[];
  primaryKey: string[];
  uniques: string[][];
  indexes: string[][];
  foreignKeys: ForeignKeySpec[];
}

export interface EnumSpec {
  name: string;
  dbName: string;
  /** Database values, in declaration order. */
  values: string[];
}

export interface DataModel {
  models: ModelSpec[];
  enums: EnumSpec[];
}

/** Indexes that schema.prisma cannot express but the API relies on; they live only in SQL. */
export interface SqlOnlyIndex {
  name: string;
  table: string;
  unique: boolean;
  /** Matched against pg_get_indexdef() after the `ON <table> USING btree` prefix. */
  definition: RegExp;
  why: string;
}

export const sqlOnlyIndexes: SqlOnlyIndex[] = [
  {
    name: "candidates_job_email_key",
    table: "candidates",
    unique: true,
    definition: /^\(job_id, lower\(email\)\) WHERE \(email IS NOT NULL\)$/,
    why: "duplicate detection (409 on the same e-mail within a job) is decided by this index",
  },
  {
    name: "candidates_company_id_email_idx",
    table: "candidates",
    unique: false,
    definition: /^\(company_id, lower\(email\)\)$/,
    why: "the candidate list's e-mail filter",
  },
  {
    name: "candidates_search_name_trgm_idx",
    table: "candidates",
    unique: false,
    definition: /^\(company_id, search_name gin_trgm_ops\)$/,
    why: "candidate search: names by fragment and by similar spelling (services/candidate-search.ts)",
  },
  {
    name: "candidates_search_email_trgm_idx",
    table: "candidates",
    unique: false,
    definition: /^\(company_id, lower\(email\) gin_trgm_ops\)$/,
    why: "candidate search: e-mail fragments",
  },
  {
    name: "candidates_search_phone_trgm_idx",
    table: "candidates",
    unique: false,
    definition: /^\(company_id, regexp_replace\(phone, '\[\^0-9\]'::text, ''::text, 'g'::text\) gin_trgm_ops\)$/,
    why: "candidate search: phone number fragments (digits only)",
  },
  {
    name: "candidates_search_vector_idx",
    table: "candidates",
    unique: false,
    definition: /^\(company_id, search_vector\)$/,
    why: "candidate search: words of the name and the resume text",
  },
  {
    name: "candidates_company_search_name_idx",
    table: "candidates",
    unique: false,
    definition: /^\(company_id, search_name COLLATE "C", id\)$/,
    why: "the candidate list sorted by name (keyset on name, id)",
  },
  {
    name: "candidate_activities_stage_changes_idx",
    table: "candidate_activities",
    unique: false,
    definition: /^\(company_id, candidate_id, created_at, id\) INCLUDE \(data\) WHERE \(type = 'stage_changed'::activity_type\)$/,
    why: "reports: each candidate's stage history, read without the table (services/reports.ts)",
  },
  {
    name: "candidate_activities_latest_stage_change_idx",
    table: "candidate_activities",
    unique: false,
    definition: /^\(candidate_id, id\) WHERE \(type = 'stage_changed'::activity_type\)$/,
    why: "a candidate's latest stage change in one probe: did the AI agent place them (candidate-move.ts, agent-override.ts)",
  },
  {
    name: "offers_one_open_per_candidate",
    table: "offers",
    unique: true,
    definition: /^\(candidate_id\) WHERE \(status <> ALL \(ARRAY\['declined'::offer_status, 'withdrawn'::offer_status, 'expired'::offer_status\]\)\)$/,
    why: "at most one offer per candidate that is not final: a second create is a 409, also when two race (modules/offer)",
  },
];

/** Removes `//` comments (including `///` doc comments) outside string literals. */
function stripComments(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === "\\" && inString) i++;
    else if (ch === '"') inString = !inString;
    else if (!inString && ch === "/" && line[i + 1] === "/") return line.slice(0, i);
  }
  return line;
}

/** The names inside the first `[...]` of an attribute's arguments, without `(sort: Desc)` etc. */
function nameList(args: string): string[] {
  const inner = /\[([^\]]*)\]/.exec(args)?.[1] ?? "";
  return inner
    .split(",")
    .map((s) => s.replace(/\(.*\)/, "").trim())
    .filter(Boolean);
}

/** The arguments of `@name(...)`/`@@name(...)`, balancing parentheses (defaults nest them). */
function attributeArgs(text: string, attribute: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`${attribute.replace(/[.@]/g, "\\$&")}(?![\\w.])`, "g");
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    let i = match.index + match[0].length;
    if (text[i] !== "(") {
      found.push("");
      continue;
    }
    let depth = 0;
    let inString = false;
    const start = i + 1;
    for (; i < text.length; i++) {
      const ch = text[i];
      if (ch === "\\" && inString) i++;
      else if (ch === '"') inString = !inString;
      else if (!inString && ch === "(") depth++;
      else if (!inString && ch === ")" && --depth === 0) break;
    }
    found.push(text.slice(start, i));
  }
  return found;
}

const mapArg = (args: string | undefined) => (args ? /^\s*"([^"]+)"/.exec(args)?.[1] : undefined);

const prismaReferentialAction: Record<string, string> = {
  Cascade: "CASCADE",
  Restrict: "RESTRICT",
  NoAction: "NO ACTION",
  SetNull: "SET NULL",
  SetDefault: "SET DEFAULT",
};

/**
 * Builds the data model from the generated client: the runtime data model for what Prisma queries,
 * the inline schema for the details it does not carry. Throws when the two disagree.
 */
export function loadDataModel(): DataModel {
  // Constructing the client opens no connection; the URL is never used.
  const client = createPrismaClient("postgresql://unused@127.0.0.1:1/unused") as unknown as {
    _runtimeDataModel?: RuntimeDataModel;
    _engineConfig?: { inlineSchema?: string };
  };
  const runtime = client._runtimeDataModel;
  const schema = client._engineConfig?.inlineSchema;
  if (!runtime?.models || typeof schema !== "string") {
    throw new Error("the generated Prisma client no longer exposes _runtimeDataModel/_engineConfig.inlineSchema");
  }

  const lines = schema.split("\n").map(stripComments);
  const blocks: { keyword: string; name: string; body: string[] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*(model|enum|view|type)\s+(\w+)\s*\{\s*$/.exec(lines[i]!);
    if (!open) continue;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*\}\s*$/.test(lines[i]!); i++) {
      if (lines[i]!.trim()) body.push(lines[i]!.trim());
    }
    blocks.push({ keyword: open[1]!, name: open[2]!, body });
  }
  const unsupportedBlock = blocks.find((b) => b.keyword === "view" || b.keyword === "type");
  if (unsupportedBlock) {
    throw new Error(`schema-agreement: teach the check about \`${unsupportedBlock.keyword} ${unsupportedBlock.name}\``);
  }

  const enums: EnumSpec[] = blocks
    .filter((b) => b.keyword === "enum")
    .map((b) => ({
      name: b.name,
      dbName: mapArg(attributeArgs(b.body.join("\n"), "@@map")[0]) ?? b.name,
      values: b.body
        .filter((line) => !line.startsWith("@@"))
        .map((line) => mapArg(attributeArgs(line, "@map")[0]) ?? line.split(/\s+/)[0]!),
    }));

  const modelBlocks = blocks.filter((b) => b.keyword === "model");
  const problems: string[] = [];
  const parsedNames = modelBlocks.map((b) => b.name).sort();
  const runtimeNames = Object.keys(runtime.models).sort();
  if (parsedNames.join() !== runtimeNames.join()) {
    problems.push(`models: schema text has ${parsedNames.join(", ")}; runtime data model has ${runtimeNames.join(", ")}`);
  }
  const tableOf = (modelName: string) => runtime.models[modelName]?.dbName ?? modelName;

  const models: ModelSpec[] = [];
  for (const block of modelBlocks) {
    const runtimeModel = runtime.models[block.name];
    if (!runtimeModel) continue;
    const runtimeFields = new Map(runtimeModel.fields.map((f) => [f.name, f]));
    const columnOf = (field: string) => runtimeFields.get(field)?.dbName ?? field;
    const fields: FieldSpec[] = [];
    const model: ModelSpec = {
      name: block.name,
      table: tableOf(block.name),
      fields,
      primaryKey: [],
      uniques: [],
      indexes: [],
      foreignKeys: [],
    };
    const parsedScalars: string[] = [];

    for (const line of block.body) {
      if (line.startsWith("@@")) {
        const blockText = line;
        for (const args of attributeArgs(blockText, "@@id")) model.primaryKey = nameList(args).map(columnOf);
        for (const args of attributeArgs(blockText, "@@unique")) model.uniques.push(nameList(args).map(columnOf));
        for (const args of attributeArgs(blockText, "@@index")) model.indexes.push(nameList(args).map(columnOf));
        continue;
      }
      const parsed = /^(\w+)\s+(\w+)(\[\]|\?)?(.*)$/.exec(line);
      if (!parsed) {
        problems.push(`${block.name}: cannot parse field line \`${line}\``);
        continue;
      }
      const [, name, type, modifier, rest] = parsed as unknown as [string, string, string, string | undefined, string];
      // Unsupported("<database type>")?: in the schema text only (the runtime data model leaves it out).
      const unsupported = type === "Unsupported" ? /^\("([^"]+)"\)(\?)?(.*)$/.exec(rest) : null;
      if (unsupported) {
        const [, dbType, optional, attributes] = unsupported as unknown as [string, string, string | undefined, string];
        if (runtimeFields.has(name)) problems.push(`${block.name}.${name}: Unsupported in the schema text, yet in the runtime data model`);
        fields.push({ name, column: mapArg(attributeArgs(attributes, "@map")[0]) ?? name, kind: "unsupported", type: dbType, required: optional !== "?", list: false });
        continue;
      }
      const runtimeField = runtimeFields.get(name);
      if (!runtimeField) {
        problems.push(`${block.name}.${name}: in the schema text but not in the runtime data model`);
        continue;
      }
      if (runtimeField.type !== type) {
        problems.push(`${block.name}.${name}: type ${type} in the schema text, ${runtimeField.type} at runtime`);
      }
      if (runtimeField.kind === "object") {
        for (const args of attributeArgs(rest, "@relation")) {
          const from = /fields:\s*\[[^\]]*\]/.exec(args)?.[0];
          const to = /references:\s*\[[^\]]*\]/.exec(args)?.[0];
          if (!from || !to) continue; // the back-relation side holds no foreign key
          const action = /onDelete:\s*(\w+)/.exec(args)?.[1] ?? (modifier === "?" ? "SetNull" : "Restrict");
          const targetFields = new Map(runtime.models[type]?.fields.map((f) => [f.name, f]) ?? []);
          model.foreignKeys.push({
            columns: nameList(from).map(columnOf),
            referencedTable: tableOf(type),
            referencedColumns: nameList(to).map((f) => targetFields.get(f)?.dbName ?? f),
            onDelete: prismaReferentialAction[action] ?? action,
          });
        }
        continue;
      }
      if (runtimeField.kind !== "scalar" && runtimeField.kind !== "enum") {
        problems.push(`${block.name}.${name}: field kind ${runtimeField.kind} is not covered by this check`);
        continue;
      }
      parsedScalars.push(name);
      const column = runtimeField.dbName ?? name;
      fields.push({
        name,
        column,
        kind: runtimeField.kind,
        type,
        required: modifier !== "?",
        list: modifier === "[]",
        nativeType: /@db\.(\w+)/.exec(rest)?.[1],
      });
      if (/@id(?![\w.])/.test(rest)) model.primaryKey = [column];
      if (/@unique(?![\w.])/.test(rest)) model.uniques.push([column]);
    }

    const runtimeScalars = runtimeModel.fields.filter((f) => f.kind !== "object").map((f) => f.name);
    const missed = runtimeScalars.filter((f) => !parsedScalars.includes(f));
    if (missed.length) problems.push(`${block.name}: runtime fields ${missed.join(", ")} not found in the schema text`);
    models.push(model);
  }

  // The generated enums module is what application code compares against.
  for (const block of blocks.filter((b) => b.keyword === "enum")) {
    const generated = (generatedEnums as Record<string, unknown>)[block.name];
    const generatedNames = generated && typeof generated === "object" ? Object.keys(generated) : [];
    const parsedNames = block.body.filter((line) => !line.startsWith("@@")).map((line) => line.split(/\s+/)[0]!);
    if (generatedNames.join() !== parsedNames.join()) {
      problems.push(`enum ${block.name}: (${parsedNames.join(", ")}) in the schema text, (${generatedNames.join(", ")}) generated`);
    }
  }

  if (problems.length) throw new Error(`the schema text and the generated client disagree:\n${problems.join("\n")}`);
  return { models, enums };
}

// ---------------------------------------------------------------------------------------------
// The check

/** PostgreSQL type names (pg_type.typname, as information_schema.columns.udt_name) a field may use. */
function acceptedUdtNames(field: FieldSpec, enums: Map<string, EnumSpec>): string[] {
  if (field.kind === "enum") return [enums.get(field.type)?.dbName ?? field.type];
  if (field.kind === "unsupported") return [field.type.toLowerCase()];
  const native = field.nativeType;
  switch (field.type) {
    case "String":
      if (native === "Uuid") return ["uuid"];
      if (native === "VarChar") return ["varchar"];
      if (native === "Char") return ["bpchar"];
      if (native === "Citext") return ["citext"];
      return native && native !== "Text" ? [native.toLowerCase()] : ["text", "varchar"];
    case "Int":
      return native === "SmallInt" ? ["int2"] : ["int4"];
    case "BigInt":
      return ["int8"];
    case "Float":
      return native === "Real" ? ["float4"] : ["float8"];
    case "Decimal":
      return ["numeric"];
    case "Boolean":
      return ["bool"];
    case "DateTime":
      if (native === "Timestamptz") return ["timestamptz"];
      if (native === "Date") return ["date"];
      if (native === "Time") return ["time"];
      if (native === "Timetz") return ["timetz"];
      return ["timestamp"];
    case "Json":
      return native === "Json" ? ["json"] : ["jsonb"];
    case "Bytes":
      return ["bytea"];
    default:
      return [`<unknown Prisma type ${field.type}>`];
  }
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: "YES" | "NO";
  is_generated: "ALWAYS" | "NEVER";
}
interface IndexRow {
  index_name: string;
  table_name: string;
  is_unique: boolean;
  is_primary: boolean;
  /** Column names in order; null for an expression. */
  columns: (string | null)[];
  predicate: string | null;
  definition: string;
}
interface ForeignKeyRow {
  table_name: string;
  columns: string[];
  referenced_table: string;
  referenced_columns: string[];
  on_delete: string;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const sameList = (a: (string | null)[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Compares a migrated database with the data model. Returns one line per disagreement; an empty
 * list means every query the client can build finds the tables, columns, types and constraints
 * it expects.
 */
export async function checkSchemaAgreement(databaseUrl: string, model: DataModel): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = (
      await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      )
    ).rows.map((r) => r.table_name);
    const columns = (
      await client.query<ColumnRow>(
        `SELECT table_name, column_name, data_type, udt_name, is_nullable, is_generated
           FROM information_schema.columns WHERE table_schema = current_schema()`,
      )
    ).rows;
    const enumRows = (
      await client.query<{ name: string; value: string }>(
        `SELECT t.typname AS name, e.enumlabel AS value
           FROM pg_type t
           JOIN pg_enum e ON e.enumtypid = t.oid
           JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE n.nspname = current_schema()
          ORDER BY t.typname, e.enumsortorder`,
      )
    ).rows;
    const indexes = (
      await client.query<IndexRow>(
        `SELECT ic.relname AS index_name, tc.relname AS table_name,
                i.indisunique AS is_unique, i.indisprimary AS is_primary,
                ARRAY(SELECT a.attname::text
                        FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
                        LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                       ORDER BY k.ord) AS columns,
                pg_get_expr(i.indpred, i.indrelid) AS predicate,
                pg_get_indexdef(i.indexrelid) AS definition
           FROM pg_index i
           JOIN pg_class ic ON ic.oid = i.indexrelid
           JOIN pg_class tc ON tc.oid = i.indrelid
           JOIN pg_namespace n ON n.oid = tc.relnamespace
          WHERE n.nspname = current_schema()`,
      )
    ).rows;
    const foreignKeys = (
      await client.query<ForeignKeyRow>(
        `SELECT tc.relname AS table_name, rc.relname AS referenced_table,
                ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
                        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
                ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
                        JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord)
                  AS referenced_columns,
                CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'r' THEN 'RESTRICT' WHEN 'n' THEN 'SET NULL'
                                   WHEN 'd' THEN 'SET DEFAULT' ELSE 'NO ACTION' END AS on_delete
           FROM pg_constraint c
           JOIN pg_class tc ON tc.oid = c.conrelid
           JOIN pg_class rc ON rc.oid = c.confrelid
           JOIN pg_namespace n ON n.oid = tc.relnamespace
          WHERE c.contype = 'f' AND n.nspname = current_schema()`,
      )
    ).rows;

    const problems: string[] = [];
    const enumsByName = new Map(model.enums.map((e) => [e.name, e]));

    // Tables: every model's, and nothing else besides the migration log.
    const modelTables = new Set(model.models.map((m) => m.table));
    for (const m of model.models) {
      if (!tables.includes(m.table)) problems.push(`table ${m.table} (model ${m.name}) is missing`);
    }
    for (const table of tables) {
      if (!modelTables.has(table) && table !== "_prisma_migrations") {
        problems.push(`table ${table} exists in the database but belongs to no model`);
      }
    }

    for (const m of model.models) {
      if (!tables.includes(m.table)) continue;
      const tableColumns = new Map(columns.filter((c) => c.table_name === m.table).map((c) => [c.column_name, c]));

      for (const field of m.fields) {
        const where = `column ${m.table}.${field.column} (${m.name}.${field.name})`;
        const column = tableColumns.get(field.column);
        if (!column) {
          problems.push(`${where} is missing`);
          continue;
        }
        const accepted = acceptedUdtNames(field, enumsByName);
        const expected = field.list ? accepted.map((t) => `_${t}`) : accepted;
        const isArray = column.data_type === "ARRAY";
        if (isArray !== field.list || !expected.includes(column.udt_name)) {
          const want = `${field.list ? "an array of " : ""}${accepted.join(" or ")}${field.kind === "enum" ? " (enum)" : ""}`;
          problems.push(`${where} has type ${column.data_type} (${column.udt_name}), expected ${want}`);
        }
        if (field.kind === "enum" && !isArray && column.data_type !== "USER-DEFINED") {
          problems.push(`${where} should use the enum type ${accepted[0]}`);
        }
        // Prisma types a list as never null, so the column must refuse NULL too.
        const wantNotNull = field.required || field.list;
        const notNull = column.is_nullable === "NO";
        if (wantNotNull !== notNull) {
          problems.push(`${where} is ${notNull ? "NOT NULL" : "nullable"}, expected ${wantNotNull ? "NOT NULL" : "nullable"}`);
        }
        // Prisma never writes an Unsupported field, so the database must compute it; a column the
        // database computes must be Unsupported, or Prisma would try to write it.
        const generated = column.is_generated === "ALWAYS";
        if (generated !== (field.kind === "unsupported")) {
          problems.push(`${where} is ${generated ? "a generated column, expected a plain one (Prisma writes it)" : "a plain column, expected GENERATED ALWAYS (Prisma never writes an Unsupported field)"}`);
        }
      }
      const known = new Set(m.fields.map((f) => f.column));
      for (const name of tableColumns.keys()) {
        if (!known.has(name)) problems.push(`column ${m.table}.${name} exists in the database but not in model ${m.name}`);
      }

      // Keys and indexes Prisma knows about: ids, @unique/@@unique (upserts and P2002 rely on
      // them) and @@index (the lookups and list orders the API uses).
      const tableIndexes = indexes.filter((i) => i.table_name === m.table);
      const plain = (i: IndexRow) => i.predicate === null && !i.columns.includes(null);
      if (m.primaryKey.length && !tableIndexes.some((i) => i.is_primary && sameList(i.columns, m.primaryKey))) {
        problems.push(`primary key of ${m.table} on (${m.primaryKey.join(", ")}) is missing`);
      }
      for (const unique of m.uniques) {
        if (!tableIndexes.some((i) => i.is_unique && plain(i) && sameSet(i.columns as string[], unique))) {
          problems.push(`unique index on ${m.table} (${unique.join(", ")}) is missing`);
        }
      }
      for (const index of m.indexes) {
        if (!tableIndexes.some((i) => plain(i) && sameList(i.columns, index))) {
          problems.push(`index on ${m.table} (${index.join(", ")}) is missing`);
        }
      }
      for (const fk of m.foreignKeys) {
        const found = foreignKeys.find(
          (f) =>
            f.table_name === m.table &&
            sameList(f.columns, fk.columns) &&
            f.referenced_table === fk.referencedTable &&
            sameList(f.referenced_columns, fk.referencedColumns),
        );
        const what = `foreign key ${m.table} (${fk.columns.join(", ")}) -> ${fk.referencedTable} (${fk.referencedColumns.join(", ")})`;
        if (!found) problems.push(`${what} is missing`);
        else if (found.on_delete !== fk.onDelete) problems.push(`${what} is ON DELETE ${found.on_delete}, expected ${fk.onDelete}`);
      }
    }

    for (const expected of sqlOnlyIndexes) {
      const found = indexes.find((i) => i.index_name === expected.name);
      const what = `index ${expected.name} (${expected.why})`;
      if (!found) {
        problems.push(`${what} is missing`);
        continue;
      }
      const body = found.definition.replace(/^.* USING \w+ /, "");
      if (found.table_name !== expected.table || found.is_unique !== expected.unique || !expected.definition.test(body)) {
        problems.push(`${what} is \`${found.definition}\`, expected ${expected.unique ? "UNIQUE " : ""}ON ${expected.table} ${expected.definition}`);
      }
    }

    // Enums: the same values in the same order (order is what ORDER BY on an enum column sorts by).
    const dbEnums = new Map<string, string[]>();
    for (const row of enumRows) dbEnums.set(row.name, [...(dbEnums.get(row.name) ?? []), row.value]);
    for (const e of model.enums) {
      const values = dbEnums.get(e.dbName);
      if (!values) problems.push(`enum type ${e.dbName} (enum ${e.name}) is missing`);
      else if (!sameList(values, e.values)) {
        problems.push(`enum type ${e.dbName} has values (${values.join(", ")}), expected (${e.values.join(", ")})`);
      }
    }
    const modelEnums = new Set(model.enums.map((e) => e.dbName));
    for (const name of dbEnums.keys()) {
      if (!modelEnums.has(name)) problems.push(`enum type ${name} exists in the database but not in schema.prisma`);
    }

    return problems;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Tests

describe("schema.prisma and the SQL migrations", () => {
  const dataModel = loadDataModel();

  it("reads a non-trivial data model from the generated client", () => {
    const candidate = dataModel.models.find((m) => m.name === "Candidate");
    expect(candidate?.table).toBe("candidates");
    expect(candidate?.fields.find((f) => f.name === "linkedin")).toMatchObject({ column: "linkedin", required: false });
    expect(candidate?.fields.find((f) => f.name === "companyId")).toMatchObject({ column: "company_id", required: true });
    expect(candidate?.fields.find((f) => f.name === "searchVector")).toMatchObject({ column: "search_vector", kind: "unsupported", type: "tsvector", required: false });
    const job = dataModel.models.find((m) => m.name === "Job");
    expect(job?.fields.find((f) => f.name === "locations")).toMatchObject({ list: true, type: "String" });
    expect(dataModel.models.find((m) => m.name === "User")?.fields[0]).toMatchObject({ name: "id", nativeType: "Uuid" });
    expect(dataModel.enums.find((e) => e.name === "ApplicationSource")).toEqual({
      name: "ApplicationSource",
      dbName: "application_source",
      values: Object.values(generatedEnums.ApplicationSource),
    });
  });

  it("agree on every table, column, type, nullability, enum, key and index", async () => {
    const problems = await checkSchemaAgreement(inject("databaseUrl"), dataModel);
    expect(problems).toEqual([]);
  });

  describe("the check catches a migration that drifts", () => {
    let workDir: string;
    const databases: TestDatabase[] = [];

    beforeAll(async () => {
      workDir = await mkdtemp(path.join(os.tmpdir(), "hireflow-migrations-"));
    });
    afterAll(async () => {
      await Promise.all(databases.map((d) => d.drop()));
      await rm(workDir, { recursive: true, force: true });
    });

    /** Copies the migrations, edits the first (init) one, migrates a fresh database, checks it. */
    async function checkMutated(name: string, edit: (sql: string) => string): Promise<string[]> {
      const dir = path.join(workDir, name);
      await cp(migrationsDir, dir, { recursive: true });
      const init = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort()[0]!;
      const file = path.join(dir, init, "migration.sql");
      const original = await readFile(file, "utf8");
      const edited = edit(original);
      expect(edited, "the edit must change the migration").not.toBe(original);
      await writeFile(file, edited);

      const database = await createDatabase(inject("adminUrl"));
      databases.push(database);
      await migrate(database.url, { dir });
      return checkSchemaAgreement(database.url, dataModel);
    }

    it("reports a column removed from the init migration", async () => {
      const problems = await checkMutated("no-linkedin", (sql) => sql.replace(/^\s*"linkedin" TEXT,\n/m, ""));
      expect(problems).toEqual(["column candidates.linkedin (Candidate.linkedin) is missing"]);
    });

    it("reports a NOT NULL column that became nullable", async () => {
      const problems = await checkMutated("nullable-stage", (sql) =>
        sql.replace(`"stage" TEXT NOT NULL DEFAULT 'prospect'`, `"stage" TEXT DEFAULT 'prospect'`),
      );
      expect(problems).toEqual(["column candidates.stage (Candidate.stage) is nullable, expected NOT NULL"]);
    });

    it("reports a wrong type and a missing enum value", async () => {
      const problems = await checkMutated("types", (sql) =>
        sql
          .replace(`"fit_score" DOUBLE PRECISION,`, `"fit_score" INTEGER,`)
          .replace(`'public_api', 'self_apply', 'manual', 'import'`, `'public_api', 'self_apply', 'manual'`),
      );
      expect(problems).toEqual([
        "column candidates.fit_score (Candidate.fitScore) has type integer (int4), expected float8",
        "enum type application_source has values (public_api, self_apply, manual), expected (public_api, self_apply, manual, import)",
      ]);
    });

    it("reports the duplicate-detection index losing its WHERE clause, and an extra table", async () => {
      const problems = await checkMutated("index", (sql) =>
        sql
          .replace(`lower("email")) WHERE "email" IS NOT NULL;`, `lower("email"));`)
          .concat(`\nCREATE TABLE "stray" ("id" INTEGER);\n`),
      );
      expect(problems).toEqual([
        "table stray exists in the database but belongs to no model",
        expect.stringMatching(/^index candidates_job_email_key \(.*\) is `CREATE UNIQUE INDEX candidates_job_email_key ON public\.candidates USING btree \(job_id, lower\(email\)\)`/),
      ]);
    });
  });
});
