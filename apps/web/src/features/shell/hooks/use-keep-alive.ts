import { KEEP_ALIVE_MS } from '@bo/contract';
import { useEffect } from 'react';
import { handleApiError } from '../../../lib/api/error-handler';
import { loadAccountInfo } from '../../../lib/session/session.service';
import { useAppStore } from '../../../lib/session/session.store';

/** Accountdetail every KEEP_ALIVE_MS while signed in (SPEC §7.1), which also refreshes the account info. */
export const useKeepAlive = (): void => {
  useEffect(() => {
    const id = window.setInterval(() => {
      if (useAppStore.getState().sessionExpired) return;
      loadAccountInfo().catch(handleApiError);
    }, KEEP_ALIVE_MS);
    return () => window.clearInterval(id);
  }, []);
};
