import { CompanyItem } from '../../content/content-bundle';
import type { CompanyItemData } from '../../content/content-bundle';
import { COMPANY_ROW_ID, companyItemOf, companyRowsData } from '../../content/rows/company-rows';
import type { ContentType } from '../content-type';
import { mediaReferenceIssues } from '../../media/media-reference-issues';

/** The company profile is one item, with this id, made of the profile row, its leaders and its credentials. */
export const COMPANY_ITEM_ID = 'profile';

export const companyType: ContentType<CompanyItemData> = {
  type: 'company',
  segment: 'company',
  label: 'Company profile',
  pluralLabel: 'Company profile',
  noun: 'company profile',
  area: 'content',
  schema: CompanyItem,
  creatable: false,
  hideable: false,
  itemId: () => COMPANY_ITEM_ID,
  title: () => 'Company profile',

  async readLive(tx, id) {
    if (id !== COMPANY_ITEM_ID) return null;
    const profile = await tx.companyProfile.findUnique({ where: { id: COMPANY_ROW_ID } });
    const leaders = await tx.leader.findMany();
    const credentials = await tx.credential.findMany();
    return profile && { item: companyItemOf(profile, leaders, credentials), published: true, since: null };
  },

  async listLive(tx) {
    const profile = await tx.companyProfile.findUnique({ where: { id: COMPANY_ROW_ID }, select: { name: true } });
    return profile ? [{ id: COMPANY_ITEM_ID, title: 'Company profile', published: true, detail: profile.name }] : [];
  },

  async writeLive(tx, _id, item) {
    const rows = companyRowsData(item);
    await tx.companyProfile.upsert({ where: { id: COMPANY_ROW_ID }, create: { id: COMPANY_ROW_ID, ...rows.profile }, update: rows.profile });
    // Leaders and credentials are lists in the profile's order: replaced as a whole, like the import does.
    await tx.leader.deleteMany();
    await tx.leader.createMany({ data: rows.leaders });
    await tx.credential.deleteMany();
    await tx.credential.createMany({ data: rows.credentials });
  },

  referenceIssues: (tx, item) =>
    mediaReferenceIssues(
      tx,
      item.leadership.flatMap((leader, index) => (leader.portraitId ? [{ mediaId: leader.portraitId, path: ['leadership', index, 'portraitId'] }] : [])),
    ),

  sitePath: () => '/about',

  overlay(rows, item) {
    const data = companyRowsData(item);
    rows.company = { id: COMPANY_ROW_ID, ...data.profile };
    rows.leaders = data.leaders;
    rows.credentials = data.credentials;
    return {};
  },
};
