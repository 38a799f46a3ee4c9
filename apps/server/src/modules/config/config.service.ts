import {
  type ADMIN_CALLS,
  CONFIG_MESSAGES,
  CONFIG_NAMESPACES,
  type ConfigChange,
  type ConfigHistoryRow,
  type ConfigNamespace,
  type ConfigSecretView,
  type ConfigState,
  type ConfigTestRun,
  type ConfigVersion,
  KEPT_SECRET,
  OPENNODE_CALLBACK_PATH,
} from '@bo/contract';
import diff from 'microdiff';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, recordChange } from '../audit/audit.service';
import { checkStepUp, type StepUpProof, stepUpMethod } from '../auth/step-up';
import type { IntegrationRuntime } from '../integrations/integration-runtime';
import { PAYOUT_MESSAGES } from '../payouts/payouts.service';
import {
  allVersions,
  type ConfigSecretRow,
  type ConfigTestRunRow,
  type ConfigVersionRow,
  findVersion,
  headVersion,
  insertSecret,
  insertTestRun,
  insertVersion,
  latestInStatus,
  latestTestRun,
  moveVersion,
  sealedSecrets,
  secretViews,
  supersede,
} from './config.repository';
import { namespaceIssues } from './config-rules';
import type { ConfigVault } from './config-vault';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const configAuditEntity = (ns: ConfigNamespace) => `config:${ns}`;

const STEP_UP_MESSAGES = {
  noTotp: PAYOUT_MESSAGES.noTotp,
  codeMissing: CONFIG_MESSAGES.stepUpCode,
  wrongCode: PAYOUT_MESSAGES.wrongCode,
  reusedCode: PAYOUT_MESSAGES.reusedCode,
  passwordMissing: CONFIG_MESSAGES.stepUpPassword,
  wrongPassword: CONFIG_MESSAGES.wrongPassword,
};

/** The secret fields of a namespace, read from its schema's metadata (the same the web's form reads). */
const secretFieldsCache = new Map<ConfigNamespace, string[]>();
export function secretFieldsOf(ns: ConfigNamespace): string[] {
  const known = secretFieldsCache.get(ns);
  if (known) return known;
  const json = z.toJSONSchema(CONFIG_NAMESPACES[ns].schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { secret?: boolean }>;
  };
  const fields = Object.entries(json.properties ?? {})
    .filter(([, p]) => p.secret === true)
    .map(([k]) => k);
  secretFieldsCache.set(ns, fields);
  return fields;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const show = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface ConfigServiceDeps {
  db: Db;
  now: () => Date;
  vault: ConfigVault;
  integrations: IntegrationRuntime;
  /** The deployment's public address: OpenNode's callback URL is derived from it. */
  publicUrl: string;
}

/** How old a green Test connection may be for its version to be activated (brief A1). */
export const TEST_FRESH_MS = 15 * 60_000;

const testRunView = (row: ConfigTestRunRow): ConfigTestRun => ({
  Version: row.version,
  Ok: row.ok,
  Message: row.message,
  LatencyMs: row.latencyMs,
  By: row.by,
  At: row.at.toISOString(),
});

/** Values staff see but never edit: what the server derives for a namespace. */
const derivedOf = (ns: ConfigNamespace, publicUrl: string): Record<string, string> =>
  ns === 'opennode' ? { callbackUrl: `${publicUrl}${OPENNODE_CALLBACK_PATH}` } : {};

/** The config engine (ADR 0025): versions, four-eyes activation, write-only secrets, every step audited. */
export function createConfigService({ db, now, vault, integrations, publicUrl }: ConfigServiceDeps) {
  const viewOf = (
    ns: ConfigNamespace,
    row: ConfigVersionRow,
    secrets: Map<number, ConfigSecretRow>,
  ): ConfigVersion => {
    const views: Record<string, ConfigSecretView | null> = {};
    for (const field of secretFieldsOf(ns)) {
      const id = row.secretRefs[field];
      const s = id === undefined ? undefined : secrets.get(id);
      views[field] = s
        ? { Last4: s.last4, Fingerprint: s.fingerprint, SetBy: s.setBy, SetAt: s.setAt.toISOString() }
        : null;
    }
    return {
      Version: row.version,
      Status: row.status,
      Values: row.values as Record<string, unknown>,
      Secrets: views,
      Author: row.author,
      Comment: row.comment,
      Approver: row.approver,
      DecisionNote: row.decisionNote,
      CreatedAt: row.createdAt.toISOString(),
      SubmittedAt: iso(row.submittedAt),
      DecidedAt: iso(row.decidedAt),
      ActivatedAt: iso(row.activatedAt),
    };
  };

  const secretsOf = (rows: Array<ConfigVersionRow | undefined>) =>
    secretViews(
      db,
      rows.flatMap((r) => (r ? Object.values(r.secretRefs) : [])),
    );

  const state = async (ns: ConfigNamespace, actor: Actor): Promise<ConfigState> => {
    const [head, active, pending, draft] = await Promise.all([
      headVersion(db, ns),
      latestInStatus(db, ns, 'active'),
      latestInStatus(db, ns, 'pending_approval'),
      latestInStatus(db, ns, 'draft'),
    ]);
    const secrets = await secretsOf([active, pending, draft]);
    const shown = draft ?? pending ?? active;
    const lastTest = shown && integrations.defOf(ns) ? await latestTestRun(db, ns, shown.version) : undefined;
    return {
      Namespace: ns,
      Title: CONFIG_NAMESPACES[ns].title,
      Head: head?.version ?? 0,
      Active: active ? viewOf(ns, active, secrets) : null,
      Pending: pending ? viewOf(ns, pending, secrets) : null,
      Draft: draft ? viewOf(ns, draft, secrets) : null,
      Defaults: CONFIG_NAMESPACES[ns].defaults,
      StepUpWith: await stepUpMethod(db, actor.staffId),
      Badge: integrations.badgeOf(
        ns,
        (shown?.values as Record<string, unknown> | undefined) ?? CONFIG_NAMESPACES[ns].defaults,
      ),
      LastTest: lastTest ? testRunView(lastTest) : null,
      Derived: derivedOf(ns, publicUrl),
    };
  };

  const expectHead = async (tx: DbOrTx, ns: ConfigNamespace, expected: number) => {
    const head = await headVersion(tx, ns);
    const current = head?.version ?? 0;
    if (current !== expected) throw new ApiError(409, CONFIG_MESSAGES.changed(expected, current));
    return head;
  };

  /** The schema's and the namespace's own rules; the first refusal is the message, all are in data.issues. */
  const validate = async (ns: ConfigNamespace, candidate: Record<string, unknown>) => {
    const parsed = CONFIG_NAMESPACES[ns].schema.safeParse(candidate);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(issues[0]?.message ?? 'The config is not valid', { issues });
    }
    const more = await namespaceIssues(db, ns, parsed.data);
    if (more.length > 0) throw badRequest(more[0]?.message ?? 'The config is not valid', { issues: more });
    return parsed.data;
  };

  const stepUp = (actor: Actor, proof: StepUpProof) =>
    checkStepUp(db, actor.staffId, proof, now(), STEP_UP_MESSAGES, { passwordWithoutTotp: true });

  /** A new version number, or the 409 of a concurrent writer who took it first (unique ns+version). */
  const conflictOnRace = async <T>(ns: ConfigNamespace, expected: number, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
        if ((e as { code?: unknown }).code === '23505') {
          const head = await headVersion(db, ns);
          throw new ApiError(409, CONFIG_MESSAGES.changed(expected, head?.version ?? expected + 1));
        }
        e = (e as { cause?: unknown }).cause;
      }
      throw error;
    }
  };

  const load = async (tx: DbOrTx, ns: ConfigNamespace, version: number) => {
    const row = await findVersion(tx, ns, version);
    if (!row) throw new ApiError(404, CONFIG_MESSAGES.noVersion(version));
    return row;
  };

  return {
    get: (params: Params<'GetConfig'>, actor: Actor) => state(params.Namespace, actor),

    async saveDraft(params: Params<'SaveConfigDraft'>, actor: Actor): Promise<ConfigState> {
      const ns = params.Namespace;
      const secretFields = secretFieldsOf(ns);
      const head = await expectHead(db, ns, params.ExpectedVersion);
      for (const field of Object.keys(params.Values))
        if (secretFields.includes(field)) throw badRequest(CONFIG_MESSAGES.unknownSecret(field));
      const typed = params.Secrets ?? {};
      for (const field of Object.keys(typed))
        if (!secretFields.includes(field)) throw badRequest(CONFIG_MESSAGES.unknownSecret(field));
      const keptRefs = head?.secretRefs ?? {};
      const candidate: Record<string, unknown> = { ...params.Values };
      for (const field of secretFields) {
        const given = typed[field];
        if (typeof given === 'string') candidate[field] = given;
        else if (given === undefined && keptRefs[field] !== undefined) candidate[field] = KEPT_SECRET;
        else delete candidate[field];
      }
      const parsed = await validate(ns, candidate);
      const values = Object.fromEntries(Object.entries(parsed).filter(([k]) => !secretFields.includes(k)));
      const replaced = Object.entries(typed).filter((e): e is [string, string] => typeof e[1] === 'string');
      const cleared = Object.entries(typed)
        .filter(([field, v]) => v === null && keptRefs[field] !== undefined)
        .map(([field]) => field);
      const base = head ? (head.values as Record<string, unknown>) : CONFIG_NAMESPACES[ns].defaults;
      if (sameJson(values, base) && replaced.length === 0 && cleared.length === 0)
        throw badRequest(CONFIG_MESSAGES.noChange);
      if (replaced.length > 0 && !vault.canSeal) throw new ApiError(503, CONFIG_MESSAGES.noMasterKey);
      await stepUp(actor, params);
      const version = (head?.version ?? 0) + 1;
      const at = now();
      await conflictOnRace(ns, params.ExpectedVersion, () =>
        db.transaction(async (tx) => {
          const refs: Record<string, number> = { ...keptRefs };
          for (const field of cleared) delete refs[field];
          const secretAudit: Record<string, { changed: true; fingerprint: string | null }> = {};
          for (const [field, secret] of replaced) {
            const sealed = vault.seal(secret);
            refs[field] = await insertSecret(tx, {
              ns,
              field,
              ...sealed,
              setByStaffId: actor.staffId,
              setBy: actor.username,
              setAt: at,
            });
            secretAudit[field] = { changed: true, fingerprint: sealed.fingerprint };
          }
          for (const field of cleared) secretAudit[field] = { changed: true, fingerprint: null };
          await supersede(tx, ns, 'draft');
          await insertVersion(tx, {
            ns,
            version,
            values,
            secretRefs: refs,
            status: 'draft',
            authorStaffId: actor.staffId,
            author: actor.username,
            comment: params.Comment || null,
            createdAt: at,
          });
          await recordChange(tx, actor, {
            action: 'config.save-draft',
            entity: configAuditEntity(ns),
            id: version,
            before: { Version: head?.version ?? 0 },
            after: {
              Version: version,
              Status: 'draft',
              Changed: diff(base, values).map((c) => c.path.join('.')),
              Secrets: secretAudit,
            },
          });
        }),
      );
      return state(ns, actor);
    },

    async submit(params: Params<'SubmitConfig'>, actor: Actor): Promise<ConfigState> {
      const ns = params.Namespace;
      const row = await load(db, ns, params.Version);
      if (row.status !== 'draft') throw new ApiError(409, CONFIG_MESSAGES.notDraft(row.version));
      await db.transaction(async (tx) => {
        const moved = await moveVersion(tx, ns, row.version, 'draft', {
          status: 'pending_approval',
          submittedAt: now(),
          ...(params.Comment ? { comment: params.Comment } : {}),
        });
        if (!moved) throw new ApiError(409, CONFIG_MESSAGES.notDraft(row.version));
        // One change awaits approval at a time: the newer submission replaces an older one.
        await supersede(tx, ns, 'pending_approval', row.version);
        await recordChange(tx, actor, {
          action: 'config.submit',
          entity: configAuditEntity(ns),
          id: row.version,
          before: { Status: 'draft' },
          after: { Status: 'pending_approval' },
        });
      });
      return state(ns, actor);
    },

    async approve(params: Params<'ApproveConfig'>, actor: Actor): Promise<ConfigState> {
      const ns = params.Namespace;
      const row = await load(db, ns, params.Version);
      if (row.status !== 'pending_approval') throw new ApiError(409, CONFIG_MESSAGES.notPending(row.version));
      if (row.authorStaffId === actor.staffId) throw new ApiError(409, CONFIG_MESSAGES.ownApproval);
      if (integrations.defOf(ns)) {
        // A green test of this exact version, recent enough that the service and its keys still stand.
        const last = await latestTestRun(db, ns, row.version);
        if (!last?.ok || now().getTime() - last.at.getTime() > TEST_FRESH_MS)
          throw new ApiError(409, CONFIG_MESSAGES.testFirst);
      }
      await stepUp(actor, params);
      const at = now();
      await db.transaction(async (tx) => {
        const previous = await latestInStatus(tx, ns, 'active');
        if (previous) await moveVersion(tx, ns, previous.version, 'active', { status: 'superseded' });
        // Four-eyes in the condition itself, not only in the check before it.
        const moved = await moveVersion(
          tx,
          ns,
          row.version,
          'pending_approval',
          {
            status: 'active',
            approverStaffId: actor.staffId,
            approver: actor.username,
            decidedAt: at,
            activatedAt: at,
          },
          actor.staffId,
        );
        if (!moved) throw new ApiError(409, CONFIG_MESSAGES.notPending(row.version));
        await recordChange(tx, actor, {
          action: 'config.approve',
          entity: configAuditEntity(ns),
          id: row.version,
          before: { Status: 'pending_approval', Active: previous?.version ?? null },
          after: { Status: 'active', Author: row.author },
        });
      });
      return state(ns, actor);
    },

    async reject(params: Params<'RejectConfig'>, actor: Actor): Promise<ConfigState> {
      const ns = params.Namespace;
      const row = await load(db, ns, params.Version);
      await db.transaction(async (tx) => {
        const moved = await moveVersion(tx, ns, row.version, 'pending_approval', {
          status: 'rejected',
          approverStaffId: actor.staffId,
          approver: actor.username,
          decisionNote: params.Reason,
          decidedAt: now(),
        });
        if (!moved) throw new ApiError(409, CONFIG_MESSAGES.notPending(row.version));
        await recordChange(tx, actor, {
          action: 'config.reject',
          entity: configAuditEntity(ns),
          id: row.version,
          before: { Status: 'pending_approval' },
          after: { Status: 'rejected', Reason: params.Reason },
        });
      });
      return state(ns, actor);
    },

    async test(params: Params<'TestConfig'>, actor: Actor): Promise<ConfigTestRun> {
      const ns = params.Namespace;
      const def = integrations.defOf(ns);
      if (!def) throw badRequest(CONFIG_MESSAGES.noTest(CONFIG_NAMESPACES[ns].title));
      const row =
        params.Version === undefined
          ? ((await latestInStatus(db, ns, 'draft')) ??
            (await latestInStatus(db, ns, 'pending_approval')) ??
            (await latestInStatus(db, ns, 'active')))
          : await load(db, ns, params.Version);
      if (!row) throw new ApiError(409, CONFIG_MESSAGES.nothingToTest);
      const values = row.values as Record<string, unknown>;
      const started = performance.now();
      let result: { ok: boolean; message: string };
      try {
        const secrets: Record<string, string> = {};
        for (const { field, sealed } of await sealedSecrets(db, row.secretRefs))
          secrets[field] = vault.open(sealed);
        const http = integrations.transportFor(def, values);
        result = http
          ? await def.test({ values, secrets }, http, now)
          : {
              ok: false,
              message: `${CONFIG_NAMESPACES[ns].title} has no real address configured on this server yet`,
            };
      } catch (error) {
        // Only the kind of failure: an exception's text could carry a request, and a request carries a key.
        result = {
          ok: false,
          message:
            error instanceof Error && error.message.includes('master key')
              ? 'A secret of this version cannot be opened with this server’s master key'
              : 'The test failed before the service answered',
        };
      }
      const latencyMs = Math.max(0, Math.round(performance.now() - started));
      const at = now();
      // The adapter never puts a secret in its message; this keeps even an echo of one out.
      const message = result.message.slice(0, 500);
      await db.transaction(async (tx) => {
        await insertTestRun(tx, {
          ns,
          version: row.version,
          ok: result.ok,
          latencyMs,
          message,
          byStaffId: actor.staffId,
          by: actor.username,
          at,
        });
        await recordChange(tx, actor, {
          action: 'config.test',
          entity: configAuditEntity(ns),
          id: row.version,
          before: null,
          after: { Version: row.version, Ok: result.ok, Message: message, LatencyMs: latencyMs },
        });
      });
      return {
        Version: row.version,
        Ok: result.ok,
        Message: message,
        LatencyMs: latencyMs,
        By: actor.username,
        At: at.toISOString(),
      };
    },

    async history(params: Params<'ConfigHistory'>): Promise<{ records: ConfigHistoryRow[] }> {
      const ns = params.Namespace;
      const rows = await allVersions(db, ns);
      const secrets = await secretsOf(rows);
      const records: ConfigHistoryRow[] = [];
      let before: Record<string, unknown> = CONFIG_NAMESPACES[ns].defaults;
      let beforeRefs: Record<string, number> = {};
      for (const row of rows) {
        const values = row.values as Record<string, unknown>;
        const changes: ConfigChange[] = diff(before, values).map((c) => ({
          Path: c.path.join('.'),
          Kind: c.type,
          Old: c.type === 'CREATE' ? null : show(c.oldValue),
          New: c.type === 'REMOVE' ? null : show(c.value),
        }));
        // A secret reads changed or unchanged; its value (or ciphertext) is never part of a diff.
        for (const field of secretFieldsOf(ns))
          if (beforeRefs[field] !== row.secretRefs[field])
            changes.push({
              Path: field,
              Kind: 'CHANGE',
              Old: beforeRefs[field] === undefined ? 'not set' : 'set',
              New: row.secretRefs[field] === undefined ? 'cleared' : 'changed',
            });
        records.push({ ...viewOf(ns, row, secrets), Changes: changes });
        before = values;
        beforeRefs = row.secretRefs;
      }
      return { records: records.reverse() };
    },

    async restore(params: Params<'RestoreConfig'>, actor: Actor): Promise<ConfigState> {
      const ns = params.Namespace;
      const source = await load(db, ns, params.Version);
      await expectHead(db, ns, params.ExpectedVersion);
      // The schema may have grown since vN: a copy that no longer passes is refused like a typed one.
      const candidate: Record<string, unknown> = { ...(source.values as Record<string, unknown>) };
      for (const field of Object.keys(source.secretRefs)) candidate[field] = KEPT_SECRET;
      await validate(ns, candidate);
      await stepUp(actor, params);
      const version = params.ExpectedVersion + 1;
      const at = now();
      await conflictOnRace(ns, params.ExpectedVersion, () =>
        db.transaction(async (tx) => {
          await supersede(tx, ns, 'pending_approval');
          await insertVersion(tx, {
            ns,
            version,
            values: source.values,
            secretRefs: source.secretRefs,
            status: 'pending_approval',
            authorStaffId: actor.staffId,
            author: actor.username,
            comment: `Restore of v${source.version}`,
            createdAt: at,
            submittedAt: at,
          });
          await recordChange(tx, actor, {
            action: 'config.restore',
            entity: configAuditEntity(ns),
            id: version,
            before: { Version: params.ExpectedVersion },
            after: { Version: version, Status: 'pending_approval', RestoredFrom: source.version },
          });
        }),
      );
      return state(ns, actor);
    },
  };
}
