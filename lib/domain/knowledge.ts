import { contentSnapshot } from './content/snapshot';

export async function getTocPrinciples() {
  const { content } = await contentSnapshot();
  return content.principles;
}
