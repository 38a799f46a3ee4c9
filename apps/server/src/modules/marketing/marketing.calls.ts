import { campaignRowSchema, type MARKETING_CALLS, newsRowSchema, recipientRowSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createNewsService } from '../news/news.service';
import type { MarketingService } from './marketing.service';

/** Email Marketing's and News' calls: each a thin step to its service; the staff context is the audited actor. */
export const marketingHandlers = (deps: {
  db: Db;
  now: () => Date;
  /** The app's one service (built in buildApp), not a copy: the runner and the unsubscribe page share it. */
  marketing: MarketingService;
}): AdminHandlerSlice<typeof MARKETING_CALLS> => {
  const { marketing } = deps;
  const news = createNewsService(deps);
  return {
    ListSegments: () => marketing.listSegments(),
    CountAudience: (params) => marketing.countAudience(params),
    SaveSegment: (params, context) => marketing.saveSegment(params, context.actor),
    DeleteSegment: (params, context) => marketing.deleteSegment(params, context.actor),
    ListCampaigns: (params) => marketing.listCampaigns(params),
    CampaignDetail: (params) => marketing.detail(params.ID),
    SaveCampaign: (params, context) => marketing.saveCampaign(params, context.actor),
    TestSendCampaign: (params, context) => marketing.testSend(params, context.actor),
    SendCampaign: (params, context) => marketing.send(params, context.actor),
    CancelCampaign: (params, context) => marketing.cancel(params, context.actor),
    DeleteCampaign: (params, context) => marketing.deleteCampaign(params, context.actor),
    ListCampaignRecipients: (params) => marketing.listRecipients(params),
    ListNews: (params) => news.list(params),
    SaveNews: (params, context) => news.save(params, context.actor),
    SetNewsPublished: (params, context) => news.setPublished(params, context.actor),
    DeleteNews: (params, context) => news.remove(params, context.actor),
  };
};

export const marketingExports: AdminExportSlice<typeof MARKETING_CALLS> = {
  ListCampaigns: { row: campaignRowSchema, rows: (data) => data.records },
  ListCampaignRecipients: { row: recipientRowSchema, rows: (data) => data.records },
  ListNews: { row: newsRowSchema, rows: (data) => data.records },
};
