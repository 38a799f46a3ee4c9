import { type LoginParams, MESSAGES, SESSION_CHECK, type Session } from '@bo/contract';
import { mintToken } from '../api/admin-client';
import { ApiError, isApiError } from '../api/api-error';
import { handleApiError } from '../api/error-handler';
import { checkAnswer, exchange } from '../api/http';
import { loadCallTables, mainCall, mainCallResult } from '../api/main-client';
import { env } from '../env';
import { useAppStore, whenHydrated } from './session.store';

/** What the login form and the re-login modal collect. */
export interface Credentials {
  username: string;
  password: string;
  totp: string;
  /** The solved bot-check payload. */
  botPayload: string;
}

export const toLoginParams = (c: Credentials): LoginParams => ({
  User: c.username,
  Password: c.password,
  totp: c.totp,
  'g-recaptcha-response': c.botPayload,
  output: 'json',
});

/** Loads the signed-in account's details (SPEC §7.1 Accountdetail); also the keep-alive ping. */
export const loadAccountInfo = async (): Promise<void> => {
  const session = useAppStore.getState().session;
  if (!session) return;
  const { data } = await mainCall('Accountdetail', {
    MerchantID: session.ID,
    APIKey: session.APIKey,
    output: 'json',
  });
  useAppStore.getState().setAccountInfo(data);
};

/**
 * Makes a verified session the signed-in state (SPEC §4): keep it in memory, mint the JWT with
 * the permissions and raise the logged-in flag the guards watch; the account details load beside it.
 */
export const establishSession = async (session: Session): Promise<void> => {
  useAppStore.getState().setSession(session);
  // Only the token stands between a reload and the dashboard. The account details fill the user menu and
  // the welcome card when they come; waiting for them would hold every screen back by a round trip.
  void loadAccountInfo().catch(handleApiError);
  await mintToken();
  useAppStore.getState().markLoggedIn();
};

/** The login screen: Login, then establish the session. 'Session already exists' is thrown as is. */
export const signIn = async (credentials: Credentials): Promise<Session> => {
  const session = await mainCall('Login', toLoginParams(credentials));
  await establishSession(session);
  return session;
};

/**
 * The re-login modal. When the browser still holds a live session (the flow was started by a bad
 * token, not a lost cookie) the server answers 'Session already exists': then the live session is
 * picked up instead, but only if it is this account's. Another account's (signed in from another
 * tab, or a cookie planted on the browser) would switch the page to someone else without a word.
 */
export const refreshSession = async (credentials: Credentials): Promise<Session> => {
  let session: Session;
  try {
    session = await mainCall('Login', toLoginParams(credentials));
  } catch (error) {
    if (!(isApiError(error) && error.message === MESSAGES.sessionExists)) throw error;
    session = await mainCall('Session', {});
    if (session.Username !== credentials.username.trim().toLowerCase()) throw error;
  }
  await establishSession(session);
  return session;
};

/**
 * Boot step of SPEC §2.2: wait for the persisted state, then ask the server whether the cookie
 * still holds a session. A 401 means signed out; any other failure is thrown for the boot screen.
 * The question goes out without the contract's schemas, which are loaded only for a signed-in answer: a
 * signed-out visitor's login page does without them (ADR 0012).
 */
export const restoreSession = async (): Promise<void> => {
  await whenHydrated();
  let session: Session;
  try {
    const answer = await exchange(SESSION_CHECK, {}, { base: env.mainApiBase });
    const { MAIN_CALLS } = await loadCallTables();
    session = checkAnswer(MAIN_CALLS.Session, answer).data;
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 401) {
      useAppStore.getState().clearAuth();
      return;
    }
    throw error;
  }
  try {
    await establishSession(session);
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 401) {
      useAppStore.getState().clearAuth();
      return;
    }
    throw error;
  }
};

/**
 * Logout (SPEC §4): the state is reset only on a 'success' reply. A 401 means the server has
 * already dropped the session, which is the outcome the user asked for. `everywhere` ends every
 * session of the account, on every device (logout=all).
 */
export const signOut = async (options: { everywhere?: boolean } = {}): Promise<void> => {
  try {
    const result = await mainCallResult('Logout', {
      logout: options.everywhere ? 'all' : 'true',
      output: 'json',
    });
    if (result.message !== MESSAGES.ok) {
      throw new ApiError({ httpStatus: 200, statusCode: result.statusCode, message: result.message });
    }
  } catch (error) {
    if (!(isApiError(error) && error.httpStatus === 401)) throw error;
  }
  useAppStore.getState().reset();
};

let inflightBoot: Promise<void> | null = null;

/** Runs the boot sequence once (StrictMode and concurrent guards share it) and records its outcome. */
export const bootSession = (): Promise<void> => {
  if (inflightBoot) return inflightBoot;
  inflightBoot = restoreSession()
    .then(() => useAppStore.getState().setBootStatus('ready'))
    .catch((error: unknown) => {
      console.error(error);
      useAppStore.getState().setBootStatus('error');
    })
    .finally(() => {
      inflightBoot = null;
    });
  return inflightBoot;
};
