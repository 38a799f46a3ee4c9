import { z } from 'zod';
import { noParams } from '../../common/params.schema';
import { altCoinSchema } from '../../entities/catalog.schema';
import { sidebarLinksSchema } from '../../routes/sidebar';
import { adminCalls, get } from '../define';

export const CATALOG_CALLS = adminCalls({
  ListAltCoins: get('login', noParams, z.array(altCoinSchema)),
  /** The external links of the sidebar's Tools and Tomcat Servers groups (SPEC §2.4). */
  SidebarLinks: get('admin-commander', noParams, sidebarLinksSchema),
});
