import { visibleContent } from '../content/snapshot';

export async function getTocPrinciples() {
  const { content } = await visibleContent();
  return content.principles;
}
