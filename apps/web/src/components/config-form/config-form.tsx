import type { ConfigSecretView } from '@bo/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import type { z } from 'zod';
import { type ConfigFieldSpec, configSections, emptyRow } from './config-fields';

type Values = Record<string, unknown>;

/** What staff typed for a secret: a new value (Replace), null (Clear); absent: kept as it is. */
export type SecretEdits = Record<string, string | null>;

export interface ConfigFormProps {
  schema: z.ZodType;
  form: UseFormReturnType<Values>;
  /** The secrets of the version the form started from: what may be shown of them. */
  secrets: Record<string, ConfigSecretView | null>;
  secretEdits: SecretEdits;
  onSecretEdits: (edits: SecretEdits) => void;
  /** Choices of a `coin` field: the catalogue's coins. */
  coinOptions: Array<{ value: string; label: string }>;
  readOnly?: boolean;
}

/** Fields that take the section's whole width: tables, secrets and switches with their help. */
const WIDE = new Set<ConfigFieldSpec['kind']>(['table', 'secret', 'boolean']);
const FULL_ROW = { gridColumn: '1 / -1' } as const;

/**
 * A table column's width by what it holds, so a wide table (Trading's pairs) keeps every input readable and
 * scrolls sideways instead of squeezing them: switches are narrow, coins and long texts wide.
 */
export function columnWidth(column: ConfigFieldSpec): number {
  if (column.kind === 'boolean') return 48;
  if (column.widget === 'coin') return 200;
  if (column.kind === 'integer' || column.kind === 'number') return 64;
  if (column.kind === 'decimal') return 100;
  if (column.kind === 'enum') return 112;
  return (column.maxLength ?? 0) >= 64 ? 340 : 88;
}

const timeZones = (): string[] => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC', 'Europe/Amsterdam'];
};

/**
 * A config namespace's form, rendered from its zod schema's JSON schema and metadata (ADR 0025): sections,
 * labels, help, the input each type needs, tables for lists of rows and write-only secrets. The form's
 * values and validation are @mantine/form's, checked with the same schema the server checks with.
 */
export function ConfigForm(props: ConfigFormProps) {
  const sections = useMemo(() => configSections(props.schema), [props.schema]);
  return (
    <Stack gap="md">
      {sections.map((section) => (
        <Card key={section.group} withBorder padding="md" component="section" aria-label={section.group}>
          <Title order={2} size="h5" mb="sm">
            {section.group}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="sm">
            {section.fields.map((field) => (
              <div
                key={field.key}
                style={WIDE.has(field.kind) || field.widget === 'textarea' ? FULL_ROW : undefined}
              >
                <FieldInput
                  field={field}
                  path={field.key}
                  form={props.form}
                  coinOptions={props.coinOptions}
                  readOnly={props.readOnly}
                  secrets={props.secrets}
                  secretEdits={props.secretEdits}
                  onSecretEdits={props.onSecretEdits}
                />
              </div>
            ))}
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}

function FieldInput({
  field,
  path,
  form,
  coinOptions,
  readOnly,
  secrets,
  secretEdits,
  onSecretEdits,
  inTable = false,
}: Omit<ConfigFormProps, 'schema'> & { field: ConfigFieldSpec; path: string; inTable?: boolean }) {
  const input = form.getInputProps(path);
  const label = inTable ? undefined : field.label;
  const description = inTable ? undefined : field.help;
  const aria = inTable ? { 'aria-label': `${field.label} ${Number(path.split('.')[1]) + 1}` } : {};
  const common = { label, description, disabled: readOnly, ...aria };
  switch (field.kind) {
    case 'secret':
      return (
        <SecretInput
          field={field}
          view={secrets[field.key] ?? null}
          edit={secretEdits[field.key]}
          error={input.error}
          readOnly={readOnly}
          onEdit={(value) => {
            const next = { ...secretEdits };
            if (value === undefined) delete next[field.key];
            else next[field.key] = value;
            onSecretEdits(next);
          }}
        />
      );
    case 'boolean':
      return (
        <Switch
          {...common}
          // In a table the column header names the switch (and its aria-label row number).
          label={inTable ? undefined : field.label}
          checked={Boolean(input.value)}
          onChange={(e) => input.onChange(e.currentTarget.checked)}
          error={input.error}
          color={field.dangerous ? 'red' : undefined}
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          data={field.enumValues.map((v, i) => ({ value: v, label: field.options?.[i] ?? v }))}
          value={(input.value as string | null) ?? null}
          onChange={(v) => input.onChange(v)}
          error={input.error}
          allowDeselect={false}
        />
      );
    case 'integer':
    case 'number':
      if (field.widget === 'coin')
        return (
          <Select
            {...common}
            searchable
            data={coinOptions}
            value={input.value === null || input.value === undefined ? null : String(input.value)}
            onChange={(v) => input.onChange(v === null ? null : Number(v))}
            error={input.error}
            allowDeselect={false}
          />
        );
      return (
        <NumberInput
          {...common}
          value={(input.value as number | null) ?? ''}
          onChange={(v) => input.onChange(v === '' ? (field.nullable ? null : v) : Number(v))}
          error={input.error}
          allowDecimal={field.kind === 'number'}
          hideControls={inTable}
          min={field.min}
          max={field.max}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          data={
            field.widget === 'coin'
              ? coinOptions
              : field.enumValues.map((v, i) => ({ value: v, label: field.options?.[i] ?? v }))
          }
          searchable={field.widget === 'coin'}
          value={((input.value as unknown[] | undefined) ?? []).map(String)}
          onChange={(v) => input.onChange(field.widget === 'coin' ? v.map(Number) : v)}
          error={listError(form, path)}
        />
      );
    case 'list':
      return (
        <TagsInput
          {...common}
          value={(input.value as string[] | undefined) ?? []}
          onChange={(v) => input.onChange(v)}
          error={listError(form, path)}
          clearable
        />
      );
    case 'table':
      return <TableInput field={field} form={form} readOnly={readOnly} coinOptions={coinOptions} />;
    default:
      if (field.widget === 'timezone')
        return (
          <Select
            {...common}
            searchable
            data={timeZones()}
            value={(input.value as string) || null}
            onChange={(v) => input.onChange(v ?? '')}
            error={input.error}
          />
        );
      if (field.widget === 'textarea')
        return <Textarea {...common} {...input} value={String(input.value ?? '')} autosize minRows={2} />;
      return (
        <TextInput
          {...common}
          {...input}
          value={String(input.value ?? '')}
          maxLength={field.maxLength}
          inputMode={field.kind === 'decimal' ? 'decimal' : undefined}
        />
      );
  }
}

/** A list's own error or its first item's (`ipWhitelist.3`): the message names the item. */
const listError = (form: UseFormReturnType<Values>, path: string) =>
  form.errors[path] ?? Object.entries(form.errors).find(([k]) => k.startsWith(`${path}.`))?.[1];

function TableInput({
  field,
  form,
  readOnly,
  coinOptions,
}: {
  field: ConfigFieldSpec;
  form: UseFormReturnType<Values>;
  readOnly: boolean | undefined;
  coinOptions: ConfigFormProps['coinOptions'];
}) {
  const rows = (form.getValues()[field.key] as Values[] | undefined) ?? [];
  const tableError = form.errors[field.key];
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {field.label}
      </Text>
      {field.help ? (
        <Text fz="xs" c="dimmed">
          {field.help}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={field.columns.reduce((sum, c) => sum + columnWidth(c) + 8, 40)}>
        <Table withTableBorder verticalSpacing={4} horizontalSpacing={4} aria-label={field.label}>
          <Table.Thead>
            <Table.Tr>
              {field.columns.map((c) => (
                <Table.Th key={c.key} miw={columnWidth(c)}>
                  {c.label}
                </Table.Th>
              ))}
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
              <Table.Tr key={i}>
                {field.columns.map((c) => (
                  <Table.Td key={c.key} style={{ verticalAlign: 'top' }}>
                    <FieldInput
                      field={c}
                      path={`${field.key}.${i}.${c.key}`}
                      form={form}
                      coinOptions={coinOptions}
                      readOnly={readOnly}
                      secrets={{}}
                      secretEdits={{}}
                      onSecretEdits={() => undefined}
                      inTable
                    />
                  </Table.Td>
                ))}
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove row ${i + 1}`}
                    disabled={readOnly}
                    onClick={() => form.removeListItem(field.key, i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {typeof tableError === 'string' ? (
        <Text fz="xs" c="red">
          {tableError}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={readOnly}
          onClick={() => form.insertListItem(field.key, emptyRow(field.columns))}
        >
          Add row
        </Button>
      </Group>
    </Stack>
  );
}

const setLine = (view: ConfigSecretView) =>
  `•••• ${view.Last4} · ${view.Fingerprint.slice(0, 8)} · set ${view.SetAt.slice(0, 16).replace('T', ' ')} UTC by ${view.SetBy}`;

/** A write-only secret: what identifies it, Replace and Clear; the value is never shown or sent back. */
function SecretInput({
  field,
  view,
  edit,
  error,
  readOnly,
  onEdit,
}: {
  field: ConfigFieldSpec;
  view: ConfigSecretView | null;
  edit: string | null | undefined;
  error?: ReactNode;
  readOnly: boolean | undefined;
  onEdit: (value: string | null | undefined) => void;
}) {
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {field.label}
      </Text>
      {field.help ? (
        <Text fz="xs" c="dimmed">
          {field.help}
        </Text>
      ) : null}
      {typeof edit === 'string' ? (
        <Group align="flex-end">
          <PasswordInput
            aria-label={`New ${field.label}`}
            value={edit}
            onChange={(e) => onEdit(e.currentTarget.value)}
            autoComplete="new-password"
            w={420}
          />
          <Button variant="default" onClick={() => onEdit(undefined)}>
            Keep the current one
          </Button>
        </Group>
      ) : (
        <Group gap="sm">
          {edit === null ? (
            <Badge color="orange" variant="light">
              Cleared on save
            </Badge>
          ) : view ? (
            <Text fz="sm" ff="monospace">
              {setLine(view)}
            </Text>
          ) : (
            <Text fz="sm" c="dimmed">
              Not set
            </Text>
          )}
          <Button
            size="xs"
            variant="light"
            disabled={readOnly}
            onClick={() => onEdit('')}
            aria-label={`${view ? 'Replace' : 'Set'} ${field.label}`}
          >
            {view ? 'Replace' : 'Set'}
          </Button>
          {view && edit !== null ? (
            <Button size="xs" variant="subtle" color="red" disabled={readOnly} onClick={() => onEdit(null)}>
              Clear
            </Button>
          ) : null}
        </Group>
      )}
      {error ? (
        <Text fz="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
