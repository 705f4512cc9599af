import { config } from '@/lib/config';
import type { ContentTypeId } from '@/lib/domain/content-workflow/content-type';
import { listContentForStaff } from '@/lib/domain/content-workflow/content-lists';
import { imageChoices } from '@/lib/domain/media/image-choices';
import { COMPANY_FIELDS } from './company-fields';
import { consultantFields } from './consultant-fields';
import { faqFields } from './faq-fields';
import type { Field } from './field-spec';
import { withImages } from './field-spec';
import { INSIGHT_FIELDS } from './insight-fields';
import { PRINCIPLE_FIELDS, TOOL_FIELDS } from './knowledge-fields';
import { SERVICE_FIELDS } from './service-fields';
import { testimonialFields } from './testimonial-fields';

/** A new item's id is its first field; an existing one keeps its id. */
const ID_FIELD: Field = {
  kind: 'text',
  name: 'id',
  label: 'Id (slug)',
  required: true,
  maxLength: 120,
  hint: 'Lower-case words joined by hyphens; it cannot change later.',
};

async function serviceOptions() {
  return (await listContentForStaff('service')).map((service) => ({ value: service.id, label: service.title }));
}

/** The editor's fields for a kind of content. */
export async function fieldsOf(type: ContentTypeId, { isNew }: { isNew: boolean }): Promise<readonly Field[]> {
  const fields = await (async () => {
    switch (type) {
      case 'insight':
        return withImages(INSIGHT_FIELDS, await imageChoices());
      case 'service':
        return withImages(SERVICE_FIELDS, await imageChoices());
      case 'testimonial':
        return testimonialFields(await serviceOptions());
      case 'faq':
        return faqFields(await serviceOptions());
      case 'principle':
        return PRINCIPLE_FIELDS;
      case 'tool':
        return TOOL_FIELDS;
      case 'company':
        return withImages(COMPANY_FIELDS, await imageChoices());
      case 'consultant':
        return consultantFields(config().FIRM_TIME_ZONE);
    }
  })();
  return isNew ? [ID_FIELD, ...fields] : fields;
}

/** What a new item starts from before its form is filled in. */
export function blankItem(type: ContentTypeId, authorName: string): unknown {
  switch (type) {
    case 'insight':
      return { author: authorName, featured: false, topics: [], keywords: [], related: [] };
    case 'testimonial':
      return { serviceId: null, clientRole: null, clientCompany: null, rating: null, date: null };
    case 'faq':
      return { serviceId: null, category: 'general', order: 0 };
    case 'principle':
      return { when_to_use: null, expected_outcomes: null, order: 0 };
    case 'tool':
      return { useCase: null, when_to_use: null, order: 0 };
    default:
      return {};
  }
}
