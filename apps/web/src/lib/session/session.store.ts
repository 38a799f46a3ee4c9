import type { AccountDetail, Permission, Session } from '@bo/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Boot sequence of SPEC §2.2: restore persisted state, verify the session, mint the JWT. */
export type BootStatus = 'pending' | 'ready' | 'error';

interface PersistedState {
  isLoggedIn: boolean;
  username: string;
  sidebarExpanded: boolean;
  privacyMode: boolean;
}

interface MemoryState {
  /** Secrets live only here, never in storage. */
  session: Session | null;
  token: string | null;
  permissions: Permission[];
  accountInfo: AccountDetail | null;
  bootStatus: BootStatus;
  /** True while the re-login modal is asking the user to sign in again. */
  sessionExpired: boolean;
}

interface Actions {
  setSession: (session: Session) => void;
  setToken: (token: string, permissions: Permission[]) => void;
  setAccountInfo: (info: AccountDetail) => void;
  markLoggedIn: () => void;
  setBootStatus: (status: BootStatus) => void;
  setSessionExpired: (expired: boolean) => void;
  toggleSidebar: () => void;
  setPrivacyMode: (on: boolean) => void;
  /** Forgets the signed-in user but keeps the display preferences (a session that ran out). */
  clearAuth: () => void;
  /** SPEC §4: logout resets all state. */
  reset: () => void;
}

export type AppState = PersistedState & MemoryState & Actions;

const initialPersisted: PersistedState = {
  isLoggedIn: false,
  username: '',
  sidebarExpanded: true,
  privacyMode: false,
};

const initialMemory: Omit<MemoryState, 'bootStatus'> = {
  session: null,
  token: null,
  permissions: [],
  accountInfo: null,
  sessionExpired: false,
};

export const STORAGE_KEY = 'bo-web';

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      ...initialPersisted,
      ...initialMemory,
      bootStatus: 'pending',
      setSession: (session) => set({ session, username: session.Username }),
      setToken: (token, permissions) => set({ token, permissions }),
      setAccountInfo: (accountInfo) => set({ accountInfo }),
      markLoggedIn: () => set({ isLoggedIn: true, sessionExpired: false }),
      setBootStatus: (bootStatus) => set({ bootStatus }),
      setSessionExpired: (sessionExpired) => set({ sessionExpired }),
      toggleSidebar: () => set((s) => ({ sidebarExpanded: !s.sidebarExpanded })),
      setPrivacyMode: (privacyMode) => set({ privacyMode }),
      clearAuth: () => set({ ...initialMemory, isLoggedIn: false }),
      // The boot has already happened; a reset must not send the app back to the loader.
      reset: () => set({ ...initialPersisted, ...initialMemory }),
    }),
    {
      name: STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): PersistedState => ({
        isLoggedIn: s.isLoggedIn,
        username: s.username,
        sidebarExpanded: s.sidebarExpanded,
        privacyMode: s.privacyMode,
      }),
    },
  ),
);

/** Signed in and verified: a persisted flag alone is not enough, the session must be in memory. */
export const selectIsAuthenticated = (s: AppState): boolean => s.isLoggedIn && s.session !== null;

/** Resolves once the persisted part of the store has been read back from storage. */
export const whenHydrated = (): Promise<void> =>
  new Promise((resolve) => {
    if (useAppStore.persist.hasHydrated()) {
      resolve();
      return;
    }
    const unsubscribe = useAppStore.persist.onFinishHydration(() => {
      unsubscribe();
      resolve();
    });
  });
