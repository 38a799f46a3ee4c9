import type { ConfigFieldMeta } from '@bo/contract';
import { z } from 'zod';

/** One field as the form renders it: its metadata, its JSON-schema type and bounds, its row fields. */
export interface ConfigFieldSpec extends ConfigFieldMeta {
  key: string;
  /**
   * `multiselect`: an array of choices (an enum's values, or coins with the coin widget); `list`: an array
   * of free texts (addresses, durations); `table`: an array of rows.
   */
  kind:
    | 'text'
    | 'integer'
    | 'number'
    | 'boolean'
    | 'enum'
    | 'decimal'
    | 'secret'
    | 'table'
    | 'multiselect'
    | 'list';
  nullable: boolean;
  enumValues: string[];
  min?: number;
  max?: number;
  maxLength?: number;
  /** The row fields of a table (an array of objects). */
  columns: ConfigFieldSpec[];
}

interface JsonProp extends Partial<ConfigFieldMeta> {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonProp[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: JsonProp;
  properties?: Record<string, JsonProp>;
}

const arrayKind = (prop: JsonProp, inner: JsonProp): ConfigFieldSpec['kind'] =>
  inner.items?.properties ? 'table' : inner.items?.enum || prop.widget === 'coin' ? 'multiselect' : 'list';

const specOf = (key: string, prop: JsonProp): ConfigFieldSpec => {
  // A nullable field is `anyOf [T, null]`; the metadata sits on the outer schema.
  const inner = prop.anyOf?.find((p) => p.type !== 'null') ?? prop;
  const nullable = Boolean(prop.anyOf?.some((p) => p.type === 'null'));
  const type = Array.isArray(inner.type) ? inner.type[0] : inner.type;
  const kind: ConfigFieldSpec['kind'] = prop.secret
    ? 'secret'
    : type === 'array'
      ? arrayKind(prop, inner)
      : type === 'boolean'
        ? 'boolean'
        : inner.enum
          ? 'enum'
          : type === 'integer'
            ? 'integer'
            : type === 'number'
              ? 'number'
              : prop.decimals !== undefined
                ? 'decimal'
                : 'text';
  return {
    key,
    label: prop.label ?? key,
    group: prop.group ?? 'General',
    ...(prop.help ? { help: prop.help } : {}),
    ...(prop.widget ? { widget: prop.widget } : {}),
    ...(prop.options ? { options: prop.options } : {}),
    ...(prop.decimals !== undefined ? { decimals: prop.decimals } : {}),
    ...(prop.dangerous ? { dangerous: true } : {}),
    kind,
    nullable,
    enumValues: (inner.enum ?? inner.items?.enum ?? []).map(String),
    ...(inner.minimum !== undefined ? { min: inner.minimum } : {}),
    ...(inner.maximum !== undefined ? { max: inner.maximum } : {}),
    ...(inner.maxLength !== undefined ? { maxLength: inner.maxLength } : {}),
    columns: Object.entries(inner.items?.properties ?? {}).map(([k, p]) => specOf(k, p)),
  };
};

/**
 * The fields of a namespace schema in order, grouped as its metadata says: read from `z.toJSONSchema()`, so
 * a config screen is its schema and nothing else. Refinements (cross-field rules) stay with the schema.
 */
export function configSections(schema: z.ZodType): Array<{ group: string; fields: ConfigFieldSpec[] }> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonProp>;
  };
  const sections: Array<{ group: string; fields: ConfigFieldSpec[] }> = [];
  for (const [key, prop] of Object.entries(json.properties ?? {})) {
    const spec = specOf(key, prop);
    let section = sections.find((s) => s.group === spec.group);
    if (!section) {
      section = { group: spec.group, fields: [] };
      sections.push(section);
    }
    section.fields.push(spec);
  }
  return sections;
}

/** An empty row of a table: each column's neutral value. */
export const emptyRow = (columns: ConfigFieldSpec[]): Record<string, unknown> =>
  Object.fromEntries(
    columns.map((c) => [
      c.key,
      c.kind === 'boolean'
        ? false
        : c.kind === 'multiselect' || c.kind === 'list'
          ? []
          : c.kind === 'integer' || c.kind === 'number'
            ? (c.min ?? 0)
            : c.widget === 'coin'
              ? null
              : '',
    ]),
  );

/** A change's path as staff read it: `confirmations.1.minConfirmations` → `Confirmations per coin › row 2 › Min confirmations`. */
export function pathLabel(sections: ReturnType<typeof configSections>, path: string): string {
  const [key = '', row, column] = path.split('.');
  const field = sections.flatMap((s) => s.fields).find((f) => f.key === key);
  if (!field) return path;
  if (row === undefined) return field.label;
  const col = column === undefined ? undefined : field.columns.find((c) => c.key === column);
  return [field.label, `row ${Number(row) + 1}`, ...(col ? [col.label] : [])].join(' › ');
}
