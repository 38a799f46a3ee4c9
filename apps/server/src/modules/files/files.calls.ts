import { type FILE_CALLS, storedFileRowSchema } from '@bo/contract';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createFilesService, type FilesDeps } from './files.service';

export type FileDeps = { files: Pick<FilesDeps, 'storage' | 'maxBytes'> } & Pick<FilesDeps, 'db' | 'now'>;

/** The Files screens' calls: each a thin step to the service; the staff context is the audited actor. */
export const fileHandlers = (deps: FileDeps): AdminHandlerSlice<typeof FILE_CALLS> => {
  const files = createFilesService({ db: deps.db, now: deps.now, ...deps.files });
  return {
    ListFiles: (params) => files.list(params),
    // The file is the multipart body's `file` part, read by the service from the request itself.
    UploadFile: (params, context) => files.upload(params, context.request, context.actor),
    DeleteFile: (params, context) => files.remove(params, context.actor),
  };
};

export const fileExports: AdminExportSlice<typeof FILE_CALLS> = {
  ListFiles: { row: storedFileRowSchema, rows: (data) => data.records },
};
