import { visibleContent } from '../content-workflow/visible-content';

export async function getTocPrinciples() {
  const { content } = await visibleContent();
  return content.principles;
}
