import { z } from 'zod';

/** A link out to an external tool or server-manager page; its address is a deployment setting. */
export const externalLinkSchema = z.object({ label: z.string(), url: z.string().url() });
export type ExternalLink = z.infer<typeof externalLinkSchema>;
/** The links of the sidebar's external link groups (EXTERNAL_LINK_GROUPS), by group. */
export const sidebarLinksSchema = z.object({
  tools: z.array(externalLinkSchema),
  'tomcat-servers': z.array(externalLinkSchema),
});
export type SidebarLinks = z.infer<typeof sidebarLinksSchema>;
