import { describe, expect, it } from 'vitest';
import { COMPANY_FIELDS } from './company-fields';
import { consultantFields } from './consultant-fields';
import { withImages } from './field-spec';
import { errorsForFields, formValuesOf, itemFromForm } from './item-from-form';
import { SERVICE_FIELDS } from './service-fields';

const service = {
  id: 'constraint-snapshot',
  name: 'Constraint Snapshot',
  category: 'constraint-analysis',
  sortOrder: 1,
  description: 'A first look.',
  ctaType: 'stripe',
  pricing: { model: 'fixed_stripe', amount: 1450, currency: 'USD', fixedPrice: true, priceGuarantee: null },
  timeline: { minWeeks: 1, maxWeeks: 2, description: 'Two weeks.' },
  deliverables: ['Memo', 'Map'],
  benefits: [],
  process: ['Buy', 'Talk'],
  industryExpertise: ['Machining'],
  buyerInputs: { required: [], accepted: [], requireOneOf: [] },
  deliversReport: false,
  imageId: null,
};

describe('editor forms and items', () => {
  it('round-trips an item through its form, keeping the fields the form does not edit', () => {
    const values = formValuesOf(SERVICE_FIELDS, service);
    expect(values).toMatchObject({
      'pricing.amount': '1450',
      'pricing.fixedPrice': 'on',
      'pricing.priceGuarantee': '',
      deliverables: 'Memo\nMap',
      ctaType: 'stripe',
    });
    expect(itemFromForm(SERVICE_FIELDS, values, service)).toEqual(service);
  });

  it('reads numbers, empty optional text as null, lists by line, and keeps text that is not a number for the schema to refuse', () => {
    const values = {
      ...formValuesOf(SERVICE_FIELDS, service),
      'pricing.amount': 'twelve',
      'pricing.priceGuarantee': '  ',
      deliverables: ' Memo \n\n Checklist ',
      'pricing.fixedPrice': '',
    };
    expect(itemFromForm(SERVICE_FIELDS, values, service)).toMatchObject({
      pricing: { amount: 'twelve', priceGuarantee: null, fixedPrice: false },
      deliverables: ['Memo', 'Checklist'],
    });
  });

  it('reads the CRLF line breaks browsers send as LF, as the content files have them', () => {
    const values = { ...formValuesOf(SERVICE_FIELDS, service), description: 'First line.\r\nSecond line.', deliverables: 'Memo\r\nMap' };
    expect(itemFromForm(SERVICE_FIELDS, values, service)).toMatchObject({ description: 'First line.\nSecond line.', deliverables: ['Memo', 'Map'] });
  });

  it('reads a calendar\u2019s ticked days as numbers and its holidays one per line', () => {
    const fields = consultantFields('America/New_York');
    const base = { id: 'x', workingDays: [1], workingHours: { start: '09:00', end: '17:00' }, holidays: [], active: true, expertise: ['offer-analysis'] };
    expect(
      itemFromForm(fields, { workingDays: '1\n3\n5', 'workingHours.start': '08:00', 'workingHours.end': '16:00', holidays: '2026-12-24\n2026-12-31' }, base),
    ).toEqual({
      ...base,
      workingDays: [1, 3, 5],
      workingHours: { start: '08:00', end: '16:00' },
      holidays: ['2026-12-24', '2026-12-31'],
      active: false,
    });
  });

  it('reads rows of records, skipping a blank one, and social media as name: address lines', () => {
    const values = {
      'leadership.0.name': 'Ann',
      'leadership.0.role': 'Partner',
      'leadership.0.bio': '',
      'leadership.1.name': '',
      'leadership.1.role': '',
      'leadership.1.bio': '',
      'leadership.2.name': 'Bo',
      'leadership.2.role': 'Consultant',
      'leadership.2.bio': 'Runs the floor.',
      'contact.email': 'a@b.example',
      'contact.socialMedia': 'linkedin: https://linkedin.example/tp\nbroken line',
    };
    const item = itemFromForm(COMPANY_FIELDS, values, {}) as Record<string, unknown>;
    expect(item.leadership).toEqual([
      { name: 'Ann', role: 'Partner', bio: null, portraitId: null },
      { name: 'Bo', role: 'Consultant', bio: 'Runs the floor.', portraitId: null },
    ]);
    expect(item.contact).toMatchObject({ email: 'a@b.example', socialMedia: { linkedin: 'https://linkedin.example/tp', 'broken line': '' } });
  });

  it('reads an image choice as the library image’s id, and no choice as none', () => {
    const values = formValuesOf(SERVICE_FIELDS, { ...service, imageId: 'med_chart' });
    expect(values.imageId).toBe('med_chart');
    expect(itemFromForm(SERVICE_FIELDS, values, service)).toMatchObject({ imageId: 'med_chart' });
    expect(itemFromForm(SERVICE_FIELDS, { ...values, imageId: '' }, service)).toMatchObject({ imageId: null });
    const offered = withImages(SERVICE_FIELDS, [
      { id: 'med_chart', label: 'chart.png: A chart', thumbnail: null, usable: true, markdown: '![A chart](media:med_chart)' },
    ]);
    expect(offered.find((field) => field.name === 'imageId')).toMatchObject({ kind: 'image', images: [{ id: 'med_chart' }] });
  });

  it('puts each error under its field: list entries under their list, row fields under their row', () => {
    expect(
      errorsForFields(COMPANY_FIELDS, {
        'coreCompetencies.2': 'Please fill in this field.',
        'contact.socialMedia.broken line': 'Please enter a full web address starting with https://.',
        'leadership.1.name': 'Please fill in this field.',
        'contact.email': 'Please enter a valid email address.',
        somethingElse: 'Unexpected.',
      }),
    ).toEqual({
      coreCompetencies: 'Please fill in this field.',
      'contact.socialMedia': 'Please enter a full web address starting with https://.',
      'leadership.1.name': 'Please fill in this field.',
      'contact.email': 'Please enter a valid email address.',
      form: 'Unexpected.',
    });
  });
});
