import { z } from 'zod';
import {
  accountCredentialsSchema,
  accountDetailSchema,
  forgotPasswordParamsSchema,
  loginParamsSchema,
  logoutParamsSchema,
  resetPasswordParamsSchema,
  sessionSchema,
} from '../auth/auth.schema';
import { decimalString } from '../common/envelope.schema';
import { PG_INTEGER_MAX } from '../common/id.schema';
import { chatMessageSchema } from '../entities/catalog.schema';
import { CHAT_MESSAGE_ERROR, CHAT_MESSAGE_MAX_LENGTH, validateChatMessage } from '../rules/chat-message.rule';
import { IMAGE_FILE_MESSAGE } from '../rules/image-file.rule';
import { defineCall } from './call';
import { SESSION_CHECK } from './wire';

export const publicConfigSchema = z.object({
  productName: z.string(),
  version: z.string(),
  demoMode: z.boolean(),
  totpMandatory: z.boolean(),
  /**
   * The merchant checkout's address of a payment (row action 'copy invoice link', SPEC §2.6), with `{ref}`
   * and `{security}` placeholders; null when the deployment has not set one, and the action is not offered.
   */
  invoiceUrlTemplate: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/**
 * Fiatlookup (SPEC §7.1): what `Amount` of coin `AltCoinID` is worth in the coin whose short name is
 * `FiatMoney`. `FiatLookup` is always 0 in SPEC; other values are refused rather than guessed at.
 */
export const fiatLookupParamsSchema = z.object({
  AltCoinID: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
  // Plain non-negative decimals only, as the converter sends them; bounded so the SQL stays cheap.
  Amount: z
    .string()
    .trim()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, 'Amount must be a plain non-negative decimal')
    .default('1'),
  FiatLookup: z.coerce.number().pipe(z.literal(0)).default(0),
  FiatMoney: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,20}$/, 'FiatMoney must be a coin short name')
    .default('EUR'),
  output: z.literal('json').optional(),
});
export type FiatLookupParams = z.infer<typeof fiatLookupParamsSchema>;

/** One entry when both coins have a rate, none otherwise; OutputValue is floored to 8 decimals. */
export const fiatLookupAnswerSchema = z.array(z.object({ OutputValue: decimalString }));

/** The multipart part that carries the editor's image (SPEC §7.1 POSBLOB). */
export const MARKET_IMAGE_FIELD = 'file123';

/**
 * The text fields of the editor's image upload (`POST /api/main/MarketAPI?POSBLOB`, multipart): `Price` is
 * always 1 (SPEC §7.1). The image itself is the `file123` part, sniffed on the server.
 */
export const marketImageUploadParamsSchema = z.object({
  Price: z.literal('1', IMAGE_FILE_MESSAGE),
});

/** The main application service (SPEC §7.1), served under /api/main. */
export const MAIN_CALLS = {
  Login: defineCall({
    method: 'POST',
    path: '/Login',
    access: 'public',
    params: loginParamsSchema,
    data: sessionSchema,
  }),
  Logout: defineCall({
    method: 'POST',
    path: '/Login',
    access: 'login',
    params: logoutParamsSchema,
    data: z.null(),
  }),
  /** Restores the signed-in state after a reload from the HttpOnly cookie (our addition). */
  Session: defineCall({
    ...SESSION_CHECK,
    access: 'login',
    params: z.object({}),
    data: sessionSchema,
  }),
  Accountdetail: defineCall({
    method: 'GET',
    path: '/v2REAPI',
    call: 'Accountdetail',
    access: 'login',
    params: accountCredentialsSchema.extend({ output: z.literal('json').optional() }),
    data: z.object({ data: accountDetailSchema }),
  }),
  Fiatlookup: defineCall({
    method: 'GET',
    path: '/v2REAPI',
    call: 'Fiatlookup',
    access: 'login',
    params: fiatLookupParamsSchema,
    data: fiatLookupAnswerSchema,
  }),
  Config: defineCall({
    method: 'GET',
    path: '/Config',
    access: 'public',
    params: z.object({}),
    data: publicConfigSchema,
  }),
  ForgotPassword: defineCall({
    method: 'POST',
    path: '/ForgotPassword',
    access: 'public',
    params: forgotPasswordParamsSchema,
    data: z.null(),
  }),
  ResetPassword: defineCall({
    method: 'POST',
    path: '/ResetPassword',
    access: 'public',
    params: resetPasswordParamsSchema,
    data: z.null(),
  }),
  /**
   * The support chat (SPEC §2.7, §7.1 MarketAPI MSGS), for holders of chatter-role. CONTACTLIST answers the
   * semicolon list of SPEC §7.1 (contact-list.rule); HISTORY a contact's messages, oldest first, and marks
   * them read for the caller; SEND (POST, CSRF-protected) writes one message to a contact.
   */
  ChatContactList: defineCall({
    method: 'GET',
    path: '/MarketAPI',
    call: 'CONTACTLIST',
    access: 'chatter-role',
    params: z.object({ MSGS: z.string().optional() }),
    data: z.string(),
  }),
  ChatHistory: defineCall({
    method: 'GET',
    path: '/MarketAPI',
    call: 'HISTORY',
    access: 'chatter-role',
    params: z.object({
      MSGS: z.string().optional(),
      ID: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
    }),
    data: z.array(chatMessageSchema),
  }),
  ChatSend: defineCall({
    method: 'POST',
    path: '/MarketAPI',
    call: 'SEND',
    access: 'chatter-role',
    params: z.object({
      ID: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
      TEXT: z
        .string()
        .max(CHAT_MESSAGE_MAX_LENGTH, `A message can have at most ${CHAT_MESSAGE_MAX_LENGTH} characters`)
        .refine((text) => validateChatMessage(text) === null, CHAT_MESSAGE_ERROR),
    }),
    data: chatMessageSchema,
  }),
  /**
   * The email editor's image upload (SPEC §7.1 `MarketAPI?POSBLOB`), for marketing-commander: a PNG, JPEG,
   * GIF or WebP of at most 5 MB, told by its content. Answers the image's public address
   * (`/media/editor/<random id>.<ext>`), which the editor inserts; any refusal is 400 'Please provide a valid
   * image file'. The query key is `POSBLOB` alone (`?POSBLOB`); `?Call=POSBLOB` is accepted too.
   */
  MarketImageUpload: defineCall({
    method: 'POST',
    path: '/MarketAPI',
    call: 'POSBLOB',
    access: 'marketing-commander',
    params: marketImageUploadParamsSchema,
    data: z.string().regex(/^\/media\/editor\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/),
  }),
} as const;

export type MainCallName = keyof typeof MAIN_CALLS;
