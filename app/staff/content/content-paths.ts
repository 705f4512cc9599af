import type { AnyContentType } from '@/lib/domain/content-workflow/content-type';

export const listPath = (definition: Pick<AnyContentType, 'segment'>) => `/staff/content/${definition.segment}`;
export const editorPath = (definition: Pick<AnyContentType, 'segment'>, itemId: string) => `${listPath(definition)}/${encodeURIComponent(itemId)}`;
export const historyPath = (definition: Pick<AnyContentType, 'segment'>, itemId: string) => `${editorPath(definition, itemId)}/history`;
