import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { getCompanyProfile, listCredentials } from '../business/business';
import { listServiceFaqs, listServiceTestimonials } from '../catalogue/catalogue';
import { importContentBundle } from '../content/import-content';
import { contentSnapshot } from '../content/snapshot';
import { getTocPrinciples } from '../knowledge/knowledge';
import { loadContentFiles } from '../../../prisma/load-content-files';
import type { CompanyItemData } from '../content/content-bundle';
import { findDraft, saveDraft } from './drafts';
import { previewSnapshot } from './preview-content';
import { publishDraft, unpublishItem } from './publishing';
import { listVersions } from './versions';
import { staffMember } from '../../../test-support/content-workflow-fixtures';

const marketer = staffMember('marketing', 'Kim Content');

async function saveAndPublish(type: Parameters<typeof saveDraft>[1], id: string | null, item: unknown) {
  const actor = await marketer;
  const saved = await saveDraft(actor, type, id, item);
  return publishDraft(actor, type, saved.itemId, { revision: saved.revision });
}

describe('every kind a marketer edits, with the same draft and version model', () => {
  it('hides a testimonial: gone from its service, its count and the rating', async () => {
    const before = await listServiceTestimonials('constraint-snapshot', { limit: 100 });
    expect(before.testimonials.map((t) => t.id)).toContain('t-snapshot-precision-machining');
    await unpublishItem(await marketer, 'testimonial', 't-snapshot-precision-machining');
    const after = await listServiceTestimonials('constraint-snapshot', { limit: 100 });
    expect(after.testimonials.map((t) => t.id)).not.toContain('t-snapshot-precision-machining');
    expect(after.total).toBe(before.total - 1);
  });

  it('adds an FAQ to a service under a category', async () => {
    await saveAndPublish('faq', null, {
      id: 'faq-snapshot-data-format',
      serviceId: 'constraint-snapshot',
      category: 'process',
      question: 'What format should the data extract be in?',
      answer: 'Any spreadsheet or CSV export works; we map the columns with you.',
      order: 9,
    });
    const { faqs } = await listServiceFaqs('constraint-snapshot', { category: 'process' });
    expect(faqs.at(-1)).toEqual({
      id: 'faq-snapshot-data-format',
      question: 'What format should the data extract be in?',
      answer: 'Any spreadsheet or CSV export works; we map the columns with you.',
      category: 'process',
      serviceId: 'constraint-snapshot',
      order: 9,
    });
  });

  it('adds a principle and edits a tool', async () => {
    await saveAndPublish('principle', null, {
      id: 'buffer-as-information',
      name: 'Buffers are information',
      description: 'A buffer tells you where to look before anything is late.',
      when_to_use: null,
      expected_outcomes: null,
      order: 99,
    });
    const tool = (await listVersions('tool', 'current-reality-tree'))[0]!.data as Record<string, unknown>;
    await saveAndPublish('tool', 'current-reality-tree', { ...tool, useCase: 'Finding the core problem behind a dozen symptoms.' });
    const { principles, tools } = await getTocPrinciples();
    expect(principles.at(-1)).toEqual({
      id: 'buffer-as-information',
      name: 'Buffers are information',
      description: 'A buffer tells you where to look before anything is late.',
      when_to_use: null,
      expected_outcomes: null,
    });
    expect(tools.find((t) => t.id === 'current-reality-tree')?.useCase).toBe('Finding the core problem behind a dozen symptoms.');
  });

  it('edits the company profile as one item: leadership, contact and credentials, previewed before they go live', async () => {
    const profile = (await listVersions('company', 'profile'))[0]!.data as CompanyItemData;
    const edited: CompanyItemData = {
      ...profile,
      leadership: [profile.leadership[1]!, profile.leadership[0]!, ...profile.leadership.slice(2)],
      contact: { ...profile.contact, phone: '+1 412 555 0199' },
      credentials: [
        ...profile.credentials,
        { id: 'apics-cpim', name: 'CPIM', issuer: 'ASCM', year: 2019, kind: 'certification', description: 'Production and inventory management.' },
      ],
    };
    const actor = await marketer;
    const { revision } = await saveDraft(actor, 'company', 'profile', edited);
    expect((await getCompanyProfile()).contact?.phone).toBe('+1 412 555 0148');
    expect((await previewSnapshot({ kind: 'one-item', type: 'company', itemId: 'profile' })).content.company?.contact?.phone).toBe('+1 412 555 0199');

    await publishDraft(actor, 'company', 'profile', { revision });
    const company = await getCompanyProfile();
    expect(company.contact?.phone).toBe('+1 412 555 0199');
    expect(company.leadership?.map((l) => l.name).slice(0, 2)).toEqual([profile.leadership[1]!.name, profile.leadership[0]!.name]);
    expect((await listCredentials()).credentials.at(-1)).toEqual({
      id: 'apics-cpim',
      name: 'CPIM',
      issuer: 'ASCM',
      year: 2019,
      kind: 'certification',
      description: 'Production and inventory management.',
    });
  });

  it('rejects a company profile that breaks the files\u2019 rules, at the field', async () => {
    const profile = (await listVersions('company', 'profile'))[0]!.data as CompanyItemData;
    await expect(saveDraft(await marketer, 'company', 'profile', { ...profile, contact: { ...profile.contact, email: 'not-an-email' } })).rejects.toMatchObject(
      {
        items: [expect.objectContaining({ loc: ['body', 'contact', 'email'], type: 'value_error' })],
      },
    );
    expect(await findDraft('company', 'profile')).toBeNull();
  });

  it('keeps history truthful when the content files are imported again: changed items get a version by the import', async () => {
    const versionsBefore = (await listVersions('company', 'profile')).length;
    await importContentBundle(loadContentFiles());
    const versions = await listVersions('company', 'profile');
    expect(versions.length).toBe(versionsBefore + 1);
    expect(versions[0]).toMatchObject({ source: 'import', publishedByName: 'content import' });
    expect((versions[0]!.data as CompanyItemData).contact.phone).toBe('+1 412 555 0148');
    // Untouched by staff, so no history to extend.
    expect(await db.contentVersion.count({ where: { type: 'insight', itemId: 'policy-constraints' } })).toBe(0);
    expect((await contentSnapshot()).content.company?.contact?.phone).toBe('+1 412 555 0148');
  });
});
